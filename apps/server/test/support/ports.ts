import { createServer } from 'node:net';

/**
 * A loopback port free right now: taken from the system, then let go. For a server a test starts
 * on it, or, left alone, for a port nobody listens on.
 */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
