import { describe, expect, it } from 'vitest';
import { addressKey } from '../src/http/connection-cap';

describe('the client a connection is counted under', () => {
  it.each([
    ['an IPv4 address', '203.0.113.7', '203.0.113.7'],
    ['an IPv4 address mapped into IPv6', '::ffff:203.0.113.7', '203.0.113.7'],
    ['a full IPv6 address, by its /64', '2001:db8:85a3:0001:8a2e:370:7334:1', '2001:db8:85a3:1::/64'],
    ['a compressed IPv6 address', '2001:db8::1', '2001:db8:0:0::/64'],
    ['IPv6 loopback', '::1', '0:0:0:0::/64'],
    ['a link-local address with its zone', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['an IPv6 address ending in IPv4', '64:ff9b::203.0.113.7', '64:ff9b:0:0::/64'],
  ])('%s', (_what, address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it('counts two addresses of one /64 as one client', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });

  it('skips a connection already gone (no address)', () => {
    expect(addressKey(undefined)).toBeNull();
  });
});
