import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.js';

describe('clientAddress', () => {
  it('keeps an IPv4 address as it is, also when it arrives mapped into IPv6', () => {
    expect(clientAddress('127.0.0.2')).toBe('127.0.0.2');
    expect(clientAddress('::ffff:127.0.0.2')).toBe('127.0.0.2');
    expect(clientAddress('::FFFF:7f00:3')).toBe('127.0.0.3');
  });

  it('takes an IPv6 address as its /64, however it is written', () => {
    const network = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd',
      '2001:DB8:1:2:0:0:0:7',
      '2001:db8:1:2::1.2.3.4',
      '2001:db8:1:2::9%eth0',
    ]) {
      expect(clientAddress(address)).toBe(network);
    }
    expect(clientAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
  });

  it('passes anything else through lower-cased (it is only ever a key)', () => {
    expect(clientAddress('Not-An-Address')).toBe('not-an-address');
  });
});
