import { describe, expect, it } from 'vitest';
import { isIpLiteral, maintenanceApplies } from './ip-literal';

describe('isIpLiteral', () => {
  it.each(['127.0.0.1', '0.0.0.0', '192.168.1.20', '255.255.255.255', '10.0.0.1'])('IPv4 %s is a literal', (h) => {
    expect(isIpLiteral(h)).toBe(true);
  });
  it.each(['[::1]', '::1', '[2001:db8::1]', '2001:0db8:0000:0000:0000:ff00:0042:8329', '[::ffff:192.0.2.1]', '[fe80::1]'])(
    'IPv6 %s is a literal',
    (h) => {
      expect(isIpLiteral(h)).toBe(true);
    },
  );
  it.each([
    'localhost',
    'pool.example.com',
    '256.1.1.1',
    '1.2.3',
    '1.2.3.4.5',
    '01.2.3.4',
    '1.2.3.4.example.com',
    '[::g]',
    '1:2:3:4:5:6:7:8:9',
    ':::',
    '',
    'abc:def',
  ])('%s is not a literal', (h) => {
    expect(isIpLiteral(h)).toBe(false);
  });
});

describe('maintenanceApplies', () => {
  it('on: everywhere', () => {
    expect(maintenanceApplies('on', '127.0.0.1')).toBe(true);
    expect(maintenanceApplies('on', 'pool.example.com')).toBe(true);
  });
  it('hostname: only on names that are not IP literals', () => {
    expect(maintenanceApplies('hostname', 'pool.example.com')).toBe(true);
    expect(maintenanceApplies('hostname', 'localhost')).toBe(true);
    expect(maintenanceApplies('hostname', '127.0.0.1')).toBe(false);
    expect(maintenanceApplies('hostname', '[::1]')).toBe(false);
  });
  it('off or unknown: never', () => {
    expect(maintenanceApplies('off', 'pool.example.com')).toBe(false);
    expect(maintenanceApplies(undefined, 'pool.example.com')).toBe(false);
    expect(maintenanceApplies('', 'pool.example.com')).toBe(false);
  });
});
