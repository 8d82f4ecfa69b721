import { describe, expect, it } from 'vitest';
import { ADDRESS_PLACEHOLDER, soloCommands } from './commands';

const btc = { algorithm: 'sha256d', driver: 'bitcoind', soloUrls: ['stratum+tcp://10.0.0.5:1238', 'stratum+tcp://10.0.0.5:1239'] };

describe('soloCommands', () => {
  it('puts the address typed as the user, on the main solo address', () => {
    expect(soloCommands(btc, ' bc1qminer ')).toEqual([{ miner: 'cpuminer', command: 'cpuminer -a sha256d -o stratum+tcp://10.0.0.5:1238 -u bc1qminer -p x' }]);
  });

  it('puts a placeholder while nothing (or nothing usable) is typed', () => {
    expect(soloCommands(btc, '')[0]!.command).toBe(`cpuminer -a sha256d -o stratum+tcp://10.0.0.5:1238 -u ${ADDRESS_PLACEHOLDER} -p x`);
    expect(soloCommands(btc, 'two words')[0]!.command).toContain(`-u ${ADDRESS_PLACEHOLDER} `);
  });

  it('hashes scrypt on a scrypt coin, and gives nothing without a coin or solo address', () => {
    expect(soloCommands({ ...btc, algorithm: 'scrypt' }, 'ltc1q')[0]!.command).toBe('cpuminer -a scrypt -o stratum+tcp://10.0.0.5:1238 -u ltc1q -p x');
    expect(soloCommands(undefined, 'x')).toEqual([]);
    expect(soloCommands({ ...btc, soloUrls: [] }, 'x')).toEqual([]);
  });
});
