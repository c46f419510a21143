import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** An answer smaller than this goes as it is: compressing it saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Answers up to this size are compressed in one synchronous call. @fastify/compress would send
 * anything over 8 KB on a 2-core machine through a zlib stream, which costs milliseconds a
 * request (the stream's setup and the thread pool), six times the compression itself: a feed
 * page fell from 1,717 to 263 req/s that way.
 */
const SYNC_MAX_BYTES = 64 * 1024;

/**
 * Compresses the JSON answers of one base (brotli or gzip, as the client's `Accept-Encoding`
 * allows). Brotli at quality 2 brings a 19 KB feed page to 29 % in about 75 µs; quality 4 saves
 * 0.7 % more for twice the time, gzip level 4 is as fast and 0.4 % larger (bench/README.md has
 * the measurements). The upload host is left out on purpose: its stored files carry a strong
 * ETag of their bytes and HTTP Range, which a compressed body would contradict, and its JSON
 * answers are small.
 */
export async function compressAnswers(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    syncThreshold: SYNC_MAX_BYTES,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 2,
      },
    },
    zlibOptions: { level: 4, memLevel: 9 },
    // No client of ours compresses what it sends; inflating bodies would only add a hook to
    // every request, and a compressed body is refused as a body it cannot read.
    globalDecompression: false,
  });
  // A cache between client and server must know the answer depends on Accept-Encoding even
  // when this one went out plain (too small, or the client accepts no encoding).
  scope.addHook('onSend', (_request, reply, payload, done) => {
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
    done(null, payload);
  });
}
