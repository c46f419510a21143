import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type Locale, MainCode, type MessageKey, negotiateLocale } from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import { translator } from '../i18n';
import { failure } from './envelope';

/** What Node's parser reports before Fastify sees a request, and what a person is told. */
function classify(code: string | undefined): { status: number; key: MessageKey } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, key: 'errors.payload_too_large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, key: 'errors.request_timeout' };
  return { status: 400, key: 'errors.invalid_payload' };
}

/**
 * The request never parsed, so its headers are only in the raw bytes (when the chunk that failed
 * still holds them); an answer in the caller's language is worth the search on this rare path.
 */
function localeOf(rawPacket: unknown) {
  if (!Buffer.isBuffer(rawPacket)) return negotiateLocale(undefined);
  const match = /\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(rawPacket.toString('latin1'));
  return negotiateLocale(match?.[1]);
}

/**
 * Node's HTTP parser rejects some requests (an over-long URL or header block, garbage on the
 * wire) before there is a request for Fastify's error handler; they still get the envelope,
 * written straight to the socket, which is then closed as Node would.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string; rawPacket?: unknown },
  socket: Duplex,
): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = classify(err.code);
  this.log.debug({ err }, 'client error before parsing');
  answerOnSocket(socket, status, key, localeOf(err.rawPacket), err);
}

/**
 * Writes a failure envelope straight to a socket on which no answer has begun, and closes it:
 * for a request that cannot or will no longer be answered through Fastify.
 */
export function answerOnSocket(
  socket: Duplex,
  status: number,
  key: MessageKey,
  locale: Locale,
  err?: Error,
): void {
  if (socket.writable) {
    const body = JSON.stringify(failure(MainCode.Fail, key, translator(locale)));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
