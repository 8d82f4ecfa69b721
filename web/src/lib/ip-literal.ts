// IP-literal check for the "hostname" maintenance mode (DESIGN.md "Web").

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/**
 * isIpLiteral reports whether a hostname (as in location.hostname) is an IPv4
 * dotted quad or an IPv6 address, with or without brackets. Names such as
 * localhost are not literals.
 */
export function isIpLiteral(hostname: string): boolean {
  const host = hostname.trim();
  if (IPV4.test(host)) return true;
  const inner = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (!inner.includes(':')) return false;
  if (!/^[0-9a-fA-F:.]+$/.test(inner)) return false;
  try {
    // The URL parser applies the full IPv6 grammar (:: compression, embedded IPv4).
    return new URL(`http://[${inner}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** MaintenanceMode is the sys config value of `maintenance`. */
export type MaintenanceMode = 'off' | 'on' | 'hostname';

/** maintenanceApplies reports whether a visitor on hostname must see the maintenance page. */
export function maintenanceApplies(mode: string | null | undefined, hostname: string): boolean {
  if (mode === 'on') return true;
  if (mode === 'hostname') return !isIpLiteral(hostname);
  return false;
}
