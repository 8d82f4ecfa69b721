import { describe, expect, it } from 'vitest';
import {
  defaultCoin,
  findCoin,
  ironfishMinerCommand,
  isDevnet,
  isOpen,
  isTlsStratum,
  minerCommand,
  parseStratum,
  portCheckCommand,
  stratumAddresses,
} from './stratum';
import type { PoolCoin } from './types';

const coin = (type: string, name: string, status = 1, urls: string[] = []): PoolCoin => ({
  type,
  name,
  algorithm: 'sha256d',
  status,
  driver: 'devnet',
  stratumUrls: urls,
});

describe('stratum addresses', () => {
  it('split URLs into scheme, host and port, IPv6 kept in brackets', () => {
    expect(parseStratum('stratum+tcp://10.0.0.5:1234')).toEqual({ scheme: 'stratum+tcp', host: '10.0.0.5', port: 1234 });
    expect(parseStratum('stratum+ssl://[::1]:3333')).toEqual({ scheme: 'stratum+ssl', host: '[::1]', port: 3333 });
    expect(parseStratum('stratum+tcp://pool.example.com')).toEqual({ scheme: 'stratum+tcp', host: 'pool.example.com', port: null });
    expect(parseStratum('not a url')).toBeNull();
  });

  it('number the backups after the main pool, in the order the pool gives', () => {
    const list = stratumAddresses(['stratum+tcp://h:1234', 'garbage', 'stratum+tcp://h:1235', 'stratum+tcp://h:1236']);
    expect(list.map((a) => [a.backup, a.hostPort])).toEqual([
      [0, 'h:1234'],
      [1, 'h:1235'],
      [2, 'h:1236'],
    ]);
  });

  it('find a tutorial coin by type or name, ignoring case and spaces', () => {
    const coins = [coin('BTC', 'Bitcoin'), coin('IRON', 'Iron Fish')];
    expect(findCoin(coins, ['IRONFISH', 'Iron Fish'])?.type).toBe('IRON');
    expect(findCoin(coins, ['btc'])?.type).toBe('BTC');
    expect(findCoin(coins, ['ALEO'])).toBeUndefined();
  });

  it('start the chooser on the preferred coin, else the first open one', () => {
    const coins = [coin('LTC', 'Litecoin', 0), coin('BTC', 'Bitcoin'), coin('KAS', 'Kaspa')];
    expect(defaultCoin(coins, 'KAS')?.type).toBe('KAS');
    expect(defaultCoin(coins, 'NOPE')?.type).toBe('BTC');
    expect(defaultCoin(coins)?.type).toBe('BTC');
    expect(defaultCoin([coin('LTC', 'Litecoin', 0)])?.type).toBe('LTC');
    expect(defaultCoin([])).toBeUndefined();
    expect(isOpen(coins[0]!)).toBe(false);
    expect(isDevnet(coins[1]!)).toBe(true);
  });

  it('write the miner and port-check commands from the live address', () => {
    expect(minerCommand('stratum+tcp://h:1234', 'alice.rig01')).toBe('./miner -o stratum+tcp://h:1234 -u alice.rig01 -p x');
    const [v6] = stratumAddresses(['stratum+tcp://[::1]:1234']);
    expect(portCheckCommand(v6!)).toBe('nc -vz ::1 1234');
  });

  it("write the official IronFish miner's line: host:port without a scheme, the worker as its name, --tls on a TLS port", () => {
    const [main] = stratumAddresses(['stratum+tcp://10.0.0.5:4300']);
    expect(ironfishMinerCommand(main!.hostPort, 'ironfarm.rig01')).toBe(
      'ironfish miners:start --pool 10.0.0.5:4300 --address YOUR_IRONFISH_ADDRESS --name ironfarm.rig01 --threads -1',
    );
    expect(ironfishMinerCommand('[::1]:4300', 'ironfarm.rig02', true)).toBe(
      'ironfish miners:start --pool [::1]:4300 --address YOUR_IRONFISH_ADDRESS --name ironfarm.rig02 --threads -1 --tls',
    );
    expect(isTlsStratum('stratum+ssl://h:4300')).toBe(true);
    expect(isTlsStratum('stratum+tls://h:4300')).toBe(true);
    expect(isTlsStratum('stratum+tcp://h:4300')).toBe(false);
    expect(isTlsStratum('not a url')).toBe(false);
  });
});
