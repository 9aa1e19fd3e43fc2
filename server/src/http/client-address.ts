import { isIPv4, isIPv6 } from 'node:net';

const IPV6_GROUPS = 8;
const IPV6_NETWORK_GROUPS = 4; // a /64: what one household or phone is handed

/** '1:2::8' → ['1', '2', '0', '0', '0', '0', '0', '8']; a trailing dotted IPv4 counts as two groups. */
function ipv6Groups(address: string): string[] {
  const split = (part: string) => {
    if (!part) return [];
    const groups = part.split(':');
    const last = groups.at(-1)!;
    if (!isIPv4(last)) return groups;
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    return [...groups.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  const [head = '', tail] = address.split('::');
  const before = split(head);
  if (tail === undefined) return before;
  const after = split(tail);
  return [...before, ...Array<string>(IPV6_GROUPS - before.length - after.length).fill('0'), ...after];
}

/**
 * One client, wherever the portal counts or recognises clients (log-in attempts, ad reports):
 * an IPv4 address as it is (also when it arrives as ::ffff:a.b.c.d), an IPv6 address as its /64
 * network. One device takes new IPv6 addresses within its /64 all the time (privacy
 * extensions), and an attacker holding a /64 has 2^64 of them: counting per address would let
 * the one forget a known device and the other escape every per-client limit or count. The
 * rate-limit plugin's per-IP limits group the same way: @fastify/rate-limit (from 11.2) keys by
 * the address with IPv4-mapped addresses as IPv4 and IPv6 masked to its `ipv6Subnet`, 64 unless
 * set (the ad-reports test holds a /64 to one limit).
 */
export function clientAddress(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase(); // a zone (fe80::1%eth0) names no other client
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address).map((group) => parseInt(group, 16).toString(16));
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const [high, low] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups.slice(0, IPV6_NETWORK_GROUPS).join(':')}::/64`;
}
