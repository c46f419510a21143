import type { Server } from 'node:http';
import { isIPv6, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

/** How often, at most, the refusals of one address are logged. */
const REPORT_EVERY_MS = 60_000;

interface Holder {
  open: number;
  /** Refused since the last log line. */
  refused: number;
  reportedAt: number;
}

/**
 * No one address holds more than `max` open connections: one over it is closed as soon as it is
 * accepted, before a byte is read, so one client cannot take the file descriptors every other
 * client needs. Only for connections straight from clients: behind a proxy every connection comes
 * from the proxy, which must cap its clients itself (docs/deployment.md).
 */
export function capConnectionsPerAddress(
  server: Server,
  { max, log, clock = Date.now }: { max: number; log: FastifyBaseLogger; clock?: () => number },
): void {
  const holders = new Map<string, Holder>();

  server.on('connection', (socket: Socket) => {
    const key = addressKey(socket.remoteAddress);
    if (key === null) return;
    let holder = holders.get(key);
    if (!holder) {
      holder = { open: 0, refused: 0, reportedAt: 0 };
      holders.set(key, holder);
    }
    if (holder.open >= max) {
      socket.destroy();
      holder.refused += 1;
      const now = clock();
      if (now - holder.reportedAt >= REPORT_EVERY_MS) {
        log.warn(
          { address: key, open: holder.open, refused: holder.refused, max },
          'connections refused: over the per-address cap',
        );
        holder.reportedAt = now;
        holder.refused = 0;
      }
      return;
    }
    holder.open += 1;
    const entry = holder;
    socket.once('close', () => {
      entry.open -= 1;
      if (entry.open === 0) holders.delete(key);
    });
  });
}

/**
 * What one client is: its IPv4 address, or the /64 network of its IPv6 address (the smallest
 * block one subscriber is given, so each of its addresses is not a new client).
 */
export function addressKey(address: string | undefined): string | null {
  if (!address) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.replace(/%.*$/, '').split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  // An embedded IPv4 address at the end counts as two groups.
  const rightCount = groups(tail).reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const all = address.includes('::') ? [...left, ...Array(8 - left.length - rightCount).fill('0')] : left;
  return `${all
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
