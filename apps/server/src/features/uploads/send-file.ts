import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { ifNoneMatchHits } from '../../http/etag';
import { type ByteRange, parseRange } from './range';

/** A stored file about to be sent: its hash is its ETag, so If-Range and If-None-Match work on it. */
export interface SendableFile {
  sha256: string;
  size: number;
  mime: string;
  read(range?: ByteRange): Promise<Readable>;
}

export interface SendOptions {
  /** `inline`, or an attachment disposition with the file's name. */
  disposition: string;
  cacheControl: string;
  /** Called for a GET of the whole file or of its first bytes: a download started, not resumed. */
  onStart?: () => Promise<void>;
}

/**
 * Sends a file from the upload store the one way every download path does: a harmless content
 * type and `nosniff`, no script, ETag on the hash, and a single HTTP Range (206, or 416), so a
 * paused download resumes where it stopped. With a bucket, the bytes stream through here rather
 * than by a redirect to a presigned URL, so Range, ETag, nosniff and download counting stay in
 * this one place whatever the store.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: SendableFile,
  options: SendOptions,
): Promise<FastifyReply> {
  const etag = `"${file.sha256}"`;
  const ifRange = request.headers['if-range'];
  const range =
    ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, file.size) : null;
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${file.size}`);
    throw new AppError('errors.invalid_payload', {}, 0, 416);
  }
  const notModified = ifNoneMatchHits(request.headers['if-none-match'], etag);
  // Opened before any header is set and the download counted, so a file the store can't read
  // answers a plain error, not a 200 promising bytes that never come.
  const body = notModified || request.method === 'HEAD' ? null : await file.read(range ?? undefined);
  reply
    .header('content-type', file.mime)
    .header('content-disposition', options.disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'")
    .header('cache-control', options.cacheControl)
    .header('etag', etag)
    .header('accept-ranges', 'bytes');
  if (notModified) return reply.code(304).send();
  if (request.method === 'GET' && (!range || range.start === 0)) {
    try {
      await options.onStart?.();
    } catch (err) {
      body?.destroy();
      throw err;
    }
  }
  if (range) {
    reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('content-length', range.end - range.start + 1);
  } else {
    reply.header('content-length', file.size);
  }
  return reply.send(body ?? undefined);
}
