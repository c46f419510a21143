import { DOWNLOAD_ARCHIVE_PATH, endpoints } from '@pixelhall/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerEndpoint } from '../../http/endpoint';
import { answer } from '../../http/envelope';
import { assertFullMember } from '../../shared/full-member';
import { attachmentDisposition, sendStoredFile } from '../uploads/public';
import type { ArchivesService } from './service';

/** The game-service paths of cloud archives (inside the `/game-api` plugin). */
export function archivesRoutes(game: FastifyInstance, archives: ArchivesService): void {
  const { saveArchive, archiveList, archiveHistory, deleteArchive } = endpoints.archives;
  registerEndpoint(game, saveArchive, ({ payload, member }) => {
    // Visitors can't upload the files a save names, so they can't save either.
    assertFullMember(member);
    return archives.save(member.id, payload);
  });
  registerEndpoint(game, archiveList, ({ payload, member }) => archives.list(member.id, payload.rom_md5));
  registerEndpoint(game, archiveHistory, ({ payload, member }) => archives.history(member.id, payload.id));
  registerEndpoint(game, deleteArchive, async ({ payload, member }) =>
    answer(await archives.remove(member.id, payload.id, payload.version_id), 'game.archive_deleted'),
  );
}

const VERSION_ID = /^[1-9]\d{0,14}$/;
const notFound = () => new AppError('errors.not_found', {}, 0, 404);

/**
 * `download/archive?id=&key=[&part=image]` on the upload host: a version's state file (an
 * attachment) or screenshot (inline), resumable with HTTP Range. The key is the permission, as
 * for post files, so an `<img>` can show the screenshot; only the owner's answers carry it.
 */
export function archiveDownloadRoutes(upload: FastifyInstance, archives: ArchivesService): void {
  upload.route({
    method: ['GET', 'HEAD'],
    url: `/${DOWNLOAD_ARCHIVE_PATH}`,
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { id, key, part } = request.query as Record<string, unknown>;
      // A wrong address of any kind is simply not found: it says nothing about which part was wrong.
      if (typeof id !== 'string' || !VERSION_ID.test(id) || typeof key !== 'string' || key === '')
        throw notFound();
      if (part !== undefined && part !== 'image' && part !== 'state') throw notFound();
      const file = await archives.findDownload(Number(id), key, part === 'image' ? 'image' : 'state');
      if (!file) throw notFound();

      return sendStoredFile(request, reply, file, {
        disposition: file.image ? 'inline' : attachmentDisposition(file.name),
        // Private to the owner: no shared cache may keep it.
        cacheControl: 'private, no-cache',
      });
    },
  });
}
