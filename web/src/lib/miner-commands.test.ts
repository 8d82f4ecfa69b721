import { describe, expect, it } from 'vitest';
import { hostPort, minerCommands, protocolOf } from './miner-commands';

describe('minerCommands', () => {
  it('gives cpuminer with sha256d on a sha256d coin, the URL and worker as they are', () => {
    expect(minerCommands({ algorithm: 'sha256d', driver: 'bitcoind' }, 'stratum+tcp://10.0.0.5:3333', 'alice.rig01')).toEqual([
      { miner: 'cpuminer', command: 'cpuminer -a sha256d -o stratum+tcp://10.0.0.5:3333 -u alice.rig01 -p x' },
    ]);
  });

  it('gives cpuminer with scrypt on a scrypt coin, and a solo payout address as the user', () => {
    expect(minerCommands({ algorithm: 'scrypt', driver: 'bitcoind' }, 'stratum+tcp://pool.example:4333', 'ltc1qexample')).toEqual([
      { miner: 'cpuminer', command: 'cpuminer -a scrypt -o stratum+tcp://pool.example:4333 -u ltc1qexample -p x' },
    ]);
  });

  it('goes by the driver: a devnet coin hashes sha256d whatever its algorithm says', () => {
    expect(protocolOf({ algorithm: 'blake3', driver: 'devnet' })).toBe('sha256d');
    expect(protocolOf({ algorithm: 'kheavyhash', driver: 'devnet' })).toBe('sha256d');
    expect(protocolOf({ algorithm: 'scrypt', driver: 'devnet' })).toBe('scrypt');
    expect(protocolOf({ algorithm: 'SCRYPT' })).toBe('scrypt');
    expect(minerCommands({ algorithm: 'blake3', driver: 'devnet' }, 'stratum+tcp://h:1', 'a.b')[0]!.command).toBe('cpuminer -a sha256d -o stratum+tcp://h:1 -u a.b -p x');
  });

  it('gives lolMiner and BzMiner on a Kaspa port, with the worker whole', () => {
    expect(minerCommands({ algorithm: 'kheavyhash', driver: 'kaspad' }, 'stratum+tcp://pool.example:5555', 'kasfarm.rig01')).toEqual([
      { miner: 'lolMiner', command: 'lolMiner --algo KASPA --pool stratum+tcp://pool.example:5555 --user kasfarm.rig01' },
      { miner: 'BzMiner', command: 'bzminer -a kaspa -p stratum+tcp://pool.example:5555 -w kasfarm.rig01' },
    ]);
  });

  it('gives the IronFish miner on an IronFish port: host:port without the scheme, the worker as its name', () => {
    expect(minerCommands({ algorithm: 'blake3', driver: 'ironfish' }, 'stratum+tcp://10.1.2.3:4300', 'ironfarm.rig01')).toEqual([
      { miner: 'IronFish', command: 'ironfish miners:start --pool 10.1.2.3:4300 --address YOUR_IRONFISH_ADDRESS --name ironfarm.rig01 --threads -1' },
    ]);
    // Behind TLS, --tls; an IPv6 literal keeps its brackets.
    expect(minerCommands({ algorithm: 'blake3', driver: 'ironfish' }, 'stratum+ssl://[::1]:4300', 'ironfarm.rig02')[0]!.command).toBe(
      'ironfish miners:start --pool [::1]:4300 --address YOUR_IRONFISH_ADDRESS --name ironfarm.rig02 --threads -1 --tls',
    );
  });

  it('gives nothing without a URL or a user', () => {
    expect(minerCommands({ algorithm: 'sha256d' }, '', 'a.b')).toEqual([]);
    expect(minerCommands({ algorithm: 'sha256d' }, 'stratum+tcp://h:1', '  ')).toEqual([]);
  });
});

describe('hostPort', () => {
  it('drops the scheme and says whether it is TLS', () => {
    expect(hostPort('stratum+tcp://pool.example:3333')).toEqual({ hostPort: 'pool.example:3333', tls: false });
    expect(hostPort('stratum+ssl://pool.example:3334/')).toEqual({ hostPort: 'pool.example:3334', tls: true });
    expect(hostPort('pool.example:3333')).toEqual({ hostPort: 'pool.example:3333', tls: false });
  });
});
