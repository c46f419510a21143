import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_LOCALE, negotiateLocale } from '@pixelhall/contract';
import { answerOnSocket } from './client-error';

interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
}

/**
 * A request has no total time limit, so a 500 MB upload from a slow phone goes on for as long as
 * its bytes keep coming. Instead, a connection on which nothing moves for `idleMs` (the socket's
 * inactivity timer, Fastify's `connectionTimeout`) is judged by who is waiting on whom:
 * - the client, mid-request (a request begun, a body it stopped sending): 408 envelope, closed;
 * - the client, not reading the answer it is being sent: closed;
 * - nobody (no request under way): closed, as Node does with an idle keep-alive connection;
 * - the server (a whole request it is still working on, bytes it has not read yet): another
 *   `idleMs`, then judged again.
 */
export function closeStalledConnections(server: Server, idleMs: number): void {
  const current = new WeakMap<Socket, Exchange>();
  // What a socket had read when its last exchange was over: more since is a next request begun.
  const readWhenDone = new WeakMap<Socket, number>();

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    current.set(socket, { req, res });
    const done = () => readWhenDone.set(socket, socket.bytesRead);
    res.once('finish', done);
    req.once('end', done);
  });

  server.on('timeout', (socket: Socket) => {
    const exchange = current.get(socket);
    if (!exchange || exchange.res.writableFinished) {
      const begun =
        socket.bytesRead > (readWhenDone.get(socket) ?? 0) && (!exchange || exchange.req.complete);
      if (begun) answerOnSocket(socket, 408, 'errors.request_timeout', DEFAULT_LOCALE);
      else socket.destroy();
      return;
    }
    const { req, res } = exchange;
    // Node keeps reading while the body's buffer has room, so an empty buffer means no byte came.
    const bodyStalled = !req.complete && req.readableLength === 0;
    const answerStuck = res.headersSent && socket.writableLength > 0;
    if (!bodyStalled && !answerStuck) {
      socket.setTimeout(idleMs);
      return;
    }
    if (res.headersSent) socket.destroy();
    else {
      const locale = negotiateLocale(req.headers['accept-language']);
      answerOnSocket(socket, 408, 'errors.request_timeout', locale);
    }
  });
}
