import { DOWNLOAD_FILE_PATH } from '@pixelhall/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { attachmentDisposition } from './file-types';
import { parseRange } from './range';
import type { UploadsService } from './service';

const FILE_ID = /^[1-9]\d{0,14}$/;

const notFound = () => new AppError('errors.not_found', {}, 0, 404);

/**
 * `download/file?id=&key=`: a post's attached file, always as an attachment with a harmless type,
 * resumable with HTTP Range. A download is counted once: by the request that starts at byte 0,
 * not by the ranges a download manager fetches after it, nor by HEAD.
 */
export function downloadRoutes(upload: FastifyInstance, service: UploadsService): void {
  upload.route({
    method: ['GET', 'HEAD'],
    url: `/${DOWNLOAD_FILE_PATH}`,
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { id, key } = request.query as Record<string, unknown>;
      // A wrong address of any kind is simply not found: it says nothing about which part was wrong.
      if (typeof id !== 'string' || !FILE_ID.test(id) || typeof key !== 'string' || key === '')
        throw notFound();
      const file = await service.findDownload(Number(id), key);
      if (!file) throw notFound();

      const etag = `"${file.sha256}"`;
      const ifRange = request.headers['if-range'];
      const range =
        ifRange === undefined || ifRange === etag ? parseRange(request.headers.range, file.size) : null;
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${file.size}`);
        throw new AppError('errors.invalid_payload', {}, 0, 416);
      }
      reply
        .header('content-type', file.mime)
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, no-cache')
        .header('etag', etag)
        .header('accept-ranges', 'bytes');
      if (request.method === 'GET' && (!range || range.start === 0)) await service.countDownload(file.id);
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', file.size);
      }
      if (request.method === 'HEAD') return reply.send();
      return reply.send(file.read(range ?? undefined));
    },
  });
}
