import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a session is listed with, shortened before it is stored: enough for a member to
 * tell "my home network" from "somewhere else", not enough to find a household. IPv4 keeps its
 * first three octets (`203.0.113.x`, the /24 a provider hands a neighbourhood); IPv6 keeps its
 * first three groups as a /48 (`2001:db8:85a3::/48`, the prefix a provider gives one site, as
 * the /24 is for IPv4). An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, what a dual-stack
 * socket reports for an IPv4 client) is the IPv4 address it carries. Anything unreadable is null.
 */
export function shortenAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  if (isIPv4(address)) return shortIPv4(address);
  const groups = ipv6Groups(address);
  if (!groups) return null;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return shortIPv4(`${high >> 8}.${high & 255}.${low >> 8}`);
  }
  return `${compress([...groups.slice(0, 3), 0, 0, 0, 0, 0])}/48`;
}

function shortIPv4(address: string): string {
  return `${address.split('.').slice(0, 3).join('.')}.x`;
}

/** The eight 16-bit groups of an IPv6 address (a zone id dropped, a dotted tail read), or null. */
function ipv6Groups(text: string): number[] | null {
  const address = text.split('%')[0]!;
  if (!isIPv6(address)) return null;
  const halves = address.split('::');
  const parse = (half: string | undefined): number[] => {
    if (!half) return [];
    return half.split(':').flatMap((part) => {
      if (!part.includes('.')) return [Number.parseInt(part, 16)];
      const [a, b, c, d] = part.split('.').map(Number) as [number, number, number, number];
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const head = parse(halves[0]);
  if (halves.length === 1) return head;
  const tail = parse(halves[1]);
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** RFC 5952's text form: lower-case hex without leading zeros, the longest run of zeros as `::`. */
function compress(groups: number[]): string {
  let best = { start: -1, length: 1 };
  for (let i = 0; i < groups.length; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < groups.length && groups[end] === 0) end += 1;
    if (end - i > best.length) best = { start: i, length: end - i };
    i = end;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}
