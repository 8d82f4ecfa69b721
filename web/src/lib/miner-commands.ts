// Ready-made miner command lines for a stratum address, beside the address on the pool's
// connect panel and the solo page. What a port speaks decides which miners can work
// there, and that goes by the coin's driver, as the pool decides it (internal/app/mining.go
// headerPoW; docs/mining.md "The stratum dialects"):
//
// - ironfish: IronFish's own stratum (version 3), which takes the miner's name as its
//   worker. Only the official `ironfish miners:start` is listed: the third-party IronFish
//   miners (BzMiner, lolMiner, SRBMiner) speak the older versions, sending the worker
//   inside publicAddress and no name, which the pool refuses, and mine FishHash, which it
//   cannot judge (docs/chains/ironfish.md).
// - kaspad: the Kaspa dialect of kaspa-stratum-bridge, for lolMiner and BzMiner.
// - anything else (bitcoind, devnet): stratum v1 hashed with scrypt when the coin's
//   algorithm is scrypt, else sha256d (devnet hashes every other algorithm with sha256d).
//   cpuminer takes both.

/** MinerCommand is one miner's command line. */
export interface MinerCommand {
  /** miner names the program, as its users know it. */
  miner: string;
  command: string;
}

/** MinerCoin is what the command lines need of a coin (the currency list's fields). */
export interface MinerCoin {
  algorithm: string;
  driver?: string;
}

/** IRONFISH_ADDRESS_PLACEHOLDER stands for the miner's IronFish public address. */
export const IRONFISH_ADDRESS_PLACEHOLDER = 'YOUR_IRONFISH_ADDRESS';

/** protocolOf is what a coin's stratum port speaks. */
export function protocolOf(coin: MinerCoin): 'ironfish' | 'kaspa' | 'scrypt' | 'sha256d' {
  if (coin.driver === 'ironfish') return 'ironfish';
  if (coin.driver === 'kaspad') return 'kaspa';
  return coin.algorithm.trim().toLowerCase() === 'scrypt' ? 'scrypt' : 'sha256d';
}

/** hostPort is "host:port" of a stratum URL (the IronFish miner takes no scheme); tls when the scheme is a TLS one. */
export function hostPort(url: string): { hostPort: string; tls: boolean } {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(.+?)\/?$/i.exec(url.trim());
  if (!m) return { hostPort: url.trim(), tls: false };
  return { hostPort: m[2]!, tls: /\+(ssl|tls)$/i.test(m[1]!) };
}

/**
 * minerCommands lists the command lines of the common miners for a coin's stratum url and
 * the user the port takes: a pool worker name ("subaccount.rig") or, on a solo port, the
 * payout address. Nothing for an empty url or user.
 */
export function minerCommands(coin: MinerCoin, url: string, user: string): MinerCommand[] {
  url = url.trim();
  user = user.trim();
  if (!url || !user) return [];
  switch (protocolOf(coin)) {
    case 'ironfish': {
      const p = hostPort(url);
      return [
        {
          miner: 'IronFish',
          command: `ironfish miners:start --pool ${p.hostPort} --address ${IRONFISH_ADDRESS_PLACEHOLDER} --name ${user} --threads -1${p.tls ? ' --tls' : ''}`,
        },
      ];
    }
    case 'kaspa':
      // Both take the worker whole where a Kaspa pool takes "address.worker" (BzMiner's
      // own start scripts write -w WALLET_ADDRESS.WORKER_NAME).
      return [
        { miner: 'lolMiner', command: `lolMiner --algo KASPA --pool ${url} --user ${user}` },
        { miner: 'BzMiner', command: `bzminer -a kaspa -p ${url} -w ${user}` },
      ];
    case 'scrypt':
      return [{ miner: 'cpuminer', command: `cpuminer -a scrypt -o ${url} -u ${user} -p x` }];
    default:
      return [{ miner: 'cpuminer', command: `cpuminer -a sha256d -o ${url} -u ${user} -p x` }];
  }
}
