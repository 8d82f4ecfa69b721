// Pool addresses as the currency list gives them: "stratum+tcp://host:port", the main
// pool first, then the backups (internal/coin/stratum_urls.go).
import type { PoolCoin } from './types';

/** StratumAddress is one address with the parts miners ask for separately. */
export interface StratumAddress {
  url: string;
  /** hostPort is "host:port", for miners and panels that take no scheme. */
  hostPort: string;
  host: string;
  port: number | null;
  /** backup is 0 for the main pool and 1, 2, ... for the backups. */
  backup: number;
}

/** parseStratum splits a stratum URL; host keeps the brackets of an IPv6 literal. */
export function parseStratum(url: string): { scheme: string; host: string; port: number | null } | null {
  const m = /^([a-z][a-z0-9+.-]*):\/\/(\[[^\]]+\]|[^/:]+)(?::(\d+))?\/?$/i.exec(url.trim());
  if (!m) return null;
  return { scheme: m[1]!.toLowerCase(), host: m[2]!, port: m[3] ? Number(m[3]) : null };
}

/** stratumAddresses lists a coin's addresses in order, skipping any that do not parse. */
export function stratumAddresses(urls: readonly string[]): StratumAddress[] {
  const out: StratumAddress[] = [];
  for (const url of urls) {
    const p = parseStratum(url);
    if (!p) continue;
    out.push({ url: url.trim(), host: p.host, port: p.port, hostPort: p.port === null ? p.host : `${p.host}:${p.port}`, backup: out.length });
  }
  return out;
}

/** isOpen tells whether a coin is open for mining. */
export function isOpen(coin: Pick<PoolCoin, 'status'>): boolean {
  return coin.status === 1;
}

/** isDevnet tells whether a coin runs on the pool's development network. */
export function isDevnet(coin: Pick<PoolCoin, 'driver'>): boolean {
  return coin.driver === 'devnet';
}

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * findCoin picks the coin a tutorial is about: the first of ids that matches a coin's
 * type or name, ignoring case, spaces and punctuation ("IRON", "Iron Fish", "ironfish").
 */
export function findCoin(coins: readonly PoolCoin[], ids: readonly string[]): PoolCoin | undefined {
  for (const id of ids.map(squash)) {
    const hit = coins.find((c) => squash(c.type) === id || squash(c.name) === id);
    if (hit) return hit;
  }
  return undefined;
}

/** defaultCoin is the coin a chooser starts on: the preferred type if listed, else the first open coin, else the first. */
export function defaultCoin(coins: readonly PoolCoin[], preferred?: string | null): PoolCoin | undefined {
  const want = preferred ? coins.find((c) => c.type === preferred) : undefined;
  return want ?? coins.find(isOpen) ?? coins[0];
}

/** minerCommand is the usual three-flag miner line: pool, worker, password. */
export function minerCommand(url: string, worker: string): string {
  return `./miner -o ${url} -u ${worker} -p x`;
}

/** IRONFISH_ADDRESS_PLACEHOLDER stands for the miner's IronFish public address in a sample command. */
export const IRONFISH_ADDRESS_PLACEHOLDER = 'YOUR_IRONFISH_ADDRESS';

/**
 * ironfishMinerCommand is the official IronFish miner's line for a pool port that speaks
 * IronFish's own stratum: the worker goes in --name, because that port takes the miner's
 * name as its worker; the address only has to be a valid one (the pool pays the
 * sub-account's own addresses). tls adds --tls for a port behind TLS.
 */
export function ironfishMinerCommand(hostPort: string, worker: string, tls = false): string {
  return `ironfish miners:start --pool ${hostPort} --address ${IRONFISH_ADDRESS_PLACEHOLDER} --name ${worker} --threads -1${tls ? ' --tls' : ''}`;
}

/** isTlsStratum tells whether a stratum URL's scheme is a TLS one (stratum+ssl, stratum+tls). */
export function isTlsStratum(url: string): boolean {
  const scheme = parseStratum(url)?.scheme ?? '';
  return /\+(ssl|tls)$/.test(scheme);
}

/** portCheckCommand tests from a rig that the pool's port is reachable. */
export function portCheckCommand(address: Pick<StratumAddress, 'host' | 'port'>): string {
  const host = address.host.replace(/^\[|\]$/g, '');
  return `nc -vz ${host} ${address.port ?? ''}`.trim();
}
