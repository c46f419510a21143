import { connect } from 'node:net';
import type { RawAnswer } from './answers';

export interface WireRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** Sent in chunked transfer encoding, so no length is announced up front. */
  chunked?: boolean;
  /**
   * Keeps the sending side open until the server closes, as browsers do: when a client shuts its
   * side right after the request, Node drops the answer to a request still being worked on.
   */
  holdOpen?: boolean;
}

/**
 * Sends a request over a real socket and reads the answer until the server closes. inject()
 * cannot show what a client gets when the server answers before reading a body that is still
 * arriving, and closes: the answer must reach it all the same.
 */
export function overWire(port: number, request: WireRequest): Promise<RawAnswer> {
  const lines = [`${request.method} ${request.path} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  lines.push(request.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${request.body.length}`);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (!request.chunked) {
        if (request.holdOpen) socket.write(request.body);
        else socket.end(request.body);
        return;
      }
      const piece = 64 * 1024;
      for (let at = 0; at < request.body.length; at += piece) {
        const part = request.body.subarray(at, at + piece);
        socket.write(`${part.length.toString(16)}\r\n`);
        socket.write(part);
        socket.write('\r\n');
      }
      socket.end('0\r\n\r\n');
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    // The server may stop reading and close while the body is still going out: not a failure
    // of the test, which judges what arrived.
    socket.on('error', () => {});
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(chunks))));
  });
}

function parseAnswer(raw: Buffer): RawAnswer {
  const text = raw.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split);
  const contentType = /\r\ncontent-type:[ \t]*([^\r\n]*)/i.exec(head)?.[1] ?? '';
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
    contentType,
    body: split < 0 ? '' : text.slice(split + 4),
  };
}
