import { DOWNLOAD_FILE_PATH } from '@pixelhall/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { attachmentDisposition } from './file-types';
import { sendStoredFile } from './send-file';
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

      return sendStoredFile(request, reply, file, {
        disposition: attachmentDisposition(file.name),
        cacheControl: 'private, no-cache',
        onStart: () => service.countDownload(file.id),
      });
    },
  });
}
