import { DOWNLOAD_EXPORT_PATH, endpoints } from '@pixelhall/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerEndpoint } from '../../http/endpoint';
import { attachmentDisposition, sendStoredFile } from '../uploads/public';
import type { AccountExportService } from './service';

/** The main API's calls of "Download my data". */
export function accountExportRoutes(api: FastifyInstance, exports: AccountExportService): void {
  const e = endpoints.accountExport;
  registerEndpoint(api, e.accountExportRequest, ({ member, request }) =>
    exports.request(member, request.locale),
  );
  registerEndpoint(api, e.accountExportStatus, ({ member }) => exports.status(member));
  registerEndpoint(api, e.accountExportLink, ({ member, payload }) => exports.link(member, payload.id));
}

const EXPORT_ID = /^[1-9]\d{0,14}$/;
// What account/export/link mints: 32 random bytes in base64url.
const LINK_KEY = /^[A-Za-z0-9_-]{43}$/;

/**
 * `download/export?id=&key=` on the upload host, beside the other downloads: the zip as an
 * attachment, resumable with HTTP Range. A browser follows it with a plain link (it cannot send
 * the Authorization header there), so the short-lived key is the permission, bound to the export
 * and its owner (service.ts `findDownload`).
 */
export function accountExportDownloadRoutes(upload: FastifyInstance, exports: AccountExportService): void {
  upload.route({
    method: ['GET', 'HEAD'],
    url: `/${DOWNLOAD_EXPORT_PATH}`,
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { id, key } = request.query as Record<string, unknown>;
      if (typeof id !== 'string' || !EXPORT_ID.test(id) || typeof key !== 'string' || !LINK_KEY.test(key)) {
        throw new AppError('errors.export_link_invalid', {}, 0, 404);
      }
      const file = await exports.findDownload(Number(id), key);
      return sendStoredFile(request, reply, file, {
        disposition: attachmentDisposition(file.name),
        // Private to its owner: no shared cache may keep it, and the link is not for keeping.
        cacheControl: 'private, no-store',
      });
    },
  });
}
