import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  DEFAULT_LOCALE,
  expiredCodeFor,
  type MessageKey,
  tokenFromAuthorization,
  UPLOAD_BIG_PATH,
  UPLOAD_MAX_BYTES,
} from '@pixelhall/contract';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { failure, success } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { type Translate, translator } from '../../i18n';
import { BIG_UPLOAD_ID, type BigUploadsService } from './big-uploads';
import type { BigUploadRow } from './big-uploads-repo';
import { cleanFileName } from './file-types';

const TUS_METHODS = ['POST', 'PATCH', 'HEAD', 'OPTIONS', 'DELETE'] as const;

/** The request as tus hands it to its hooks: a web Request that still knows its Node request. */
type TusRequest = Parameters<NonNullable<ConstructorParameters<typeof Server>[0]['onIncomingRequest']>>[0];

const nodeRequestOf = (req: TusRequest): IncomingMessage | undefined =>
  (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;

/** Who is calling, settled by the route before tus sees the request. */
interface Caller {
  member: Member | null;
  t: Translate;
}

/** A refusal from a tus hook: tus answers `status_code`; `onResponseError` writes the envelope. */
class TusRefusal {
  readonly body: string;
  constructor(
    readonly status_code: number,
    readonly messageKey: MessageKey,
    readonly params: Record<string, unknown> = {},
  ) {
    this.body = messageKey;
  }
}

/** The upload a tus request names in its path (`…/upload/big/<id>`), if any. */
function uploadIdOf(req: TusRequest): string | null {
  const last = new URL(req.url).pathname.split('/').pop() ?? '';
  return BIG_UPLOAD_ID.test(last) ? last : null;
}

/**
 * The length a PATCH declares for an upload whose length was deferred, when it is one tus can
 * accept; tus itself refuses the others.
 */
function declaredLength(req: TusRequest): number | null {
  const header = req.headers.get('upload-length');
  if (header === null || !/^\d{1,16}$/.test(header)) return null;
  const length = Number(header);
  return length <= UPLOAD_MAX_BYTES ? length : null;
}

/** The envelope message for an error tus raised itself, by its status. */
function messageForStatus(status: number): MessageKey {
  if (status === 413) return 'validation.file_too_large';
  if (status === 404 || status === 410) return 'errors.not_found';
  if (status >= 500) return 'errors.internal';
  return 'errors.invalid_payload';
}

/**
 * `upload/big`: the tus 1.0 resumable protocol (creation, creation-with-upload, defer-length,
 * termination) for files up to UPLOAD_MAX_BYTES, at `/upload/upload/big`. Members only, on
 * every request; an upload belongs to whoever created it. The final PATCH answers the envelope
 * with the stored file (also base64 JSON in `Upload-Result`). Same origin only: no CORS.
 */
export async function bigUploadRoutes(upload: FastifyInstance, service: BigUploadsService): Promise<void> {
  const callers = new WeakMap<IncomingMessage, Caller>();
  /** The upload a creating POST made: a body longer than declared must take it away too. */
  const createdIds = new WeakMap<IncomingMessage, string>();
  /** The row a DELETE took away, until tus has removed the upload's bytes. */
  const withdrawn = new WeakMap<IncomingMessage, BigUploadRow>();
  const callerOf = (req: TusRequest): Caller | undefined => {
    const node = nodeRequestOf(req);
    return node ? callers.get(node) : undefined;
  };
  /**
   * A body longer than its upload declared (or than the limit) can never finish: what it wrote
   * is deleted at once, not left for the day-old sweep.
   */
  async function dropRefused(req: TusRequest): Promise<void> {
    const node = nodeRequestOf(req);
    const id = uploadIdOf(req) ?? (node ? createdIds.get(node) : undefined);
    if (!id) return;
    try {
      await service.discard(id);
    } catch (err) {
      // Anything left is swept later.
      upload.log.warn({ err, upload: id }, 'a refused upload could not be deleted');
    }
  }

  /**
   * A termination whose bytes could not be removed keeps the upload in progress (and in the
   * sweep's sight); bytes already gone (404) leave nothing to keep.
   */
  async function keepWithdrawn(req: TusRequest, status: number): Promise<void> {
    const node = nodeRequestOf(req);
    const row = node ? withdrawn.get(node) : undefined;
    if (!row || status === 404) return;
    try {
      await service.restore(row);
    } catch (err) {
      upload.log.error({ err, upload: row.id }, 'an upload whose termination failed could not be kept');
    }
  }

  const tus = new Server({
    path: `${upload.prefix}/${UPLOAD_BIG_PATH}`,
    datastore: service.tus.datastore,
    locker: service.tus.locker,
    maxSize: UPLOAD_MAX_BYTES,
    relativeLocation: true,
    // No origin is echoed back: browsers keep other sites out.
    allowedOrigins: [],
    namingFunction: () => randomBytes(16).toString('hex'),

    async onUploadCreate(req, created) {
      const member = callerOf(req)?.member;
      if (!member) throw new TusRefusal(401, 'errors.not_logged_in');
      const name = cleanFileName(created.metadata?.filename ?? '');
      if (!name) throw new TusRefusal(400, 'validation.name_required');
      // A length still deferred may grow to the limit: it is counted as that.
      if (!(await service.quota.hasRoom(member.id, created.size ?? UPLOAD_MAX_BYTES))) {
        throw new TusRefusal(413, 'errors.upload_quota_reached', { quota: service.quota.label });
      }
      await service.begin({ id: created.id, ownerId: member.id, declaredBytes: created.size ?? null });
      const node = nodeRequestOf(req);
      if (node) createdIds.set(node, created.id);
      // Only what we set is kept: the owner can't be claimed through the client's metadata.
      return { metadata: { filename: name, owner: String(member.id) } };
    },

    async onIncomingRequest(req, id) {
      if (req.method === 'POST') return;
      const member = callerOf(req)?.member;
      if (!member) throw new TusRefusal(401, 'errors.not_logged_in');
      let mine: boolean;
      if (req.method === 'DELETE') {
        const row = await service.withdraw(id, member.id);
        const node = nodeRequestOf(req);
        if (row && node) withdrawn.set(node, row);
        mine = row !== null;
      } else if (req.method === 'PATCH') {
        mine = await service.writing(id, member.id, declaredLength(req));
      } else {
        mine = await service.owns(id, member.id);
      }
      // Someone else's upload looks exactly like one that doesn't exist (or is finished).
      if (!mine) throw new TusRefusal(404, 'errors.not_found');
    },

    async onUploadFinish(req, finished: Upload) {
      const caller = callerOf(req);
      const name = finished.metadata?.filename;
      const ownerId = Number(finished.metadata?.owner);
      if (!name || !Number.isInteger(ownerId)) throw new TusRefusal(500, 'errors.internal');
      let data: Awaited<ReturnType<BigUploadsService['finish']>>;
      try {
        data = await service.finish({ ownerId, upload: finished, name });
      } catch (err) {
        upload.log.error({ err, upload: finished.id }, 'a finished upload could not be stored');
        throw new TusRefusal(500, 'errors.internal');
      }
      return {
        // A POST that carried the whole file must still answer 201 with its Location.
        status_code: req.method === 'POST' ? 201 : 200,
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Upload-Result': Buffer.from(JSON.stringify(data)).toString('base64'),
        },
        body: JSON.stringify(success(data, caller?.t ?? translator(DEFAULT_LOCALE))),
      };
    },

    async onResponseError(req, err) {
      const status = 'status_code' in err ? err.status_code : 500;
      const key = err instanceof TusRefusal ? err.messageKey : messageForStatus(status);
      if (status >= 500 && !(err instanceof TusRefusal)) upload.log.error({ err }, 'tus upload failed');
      if (status === 413) await dropRefused(req);
      await keepWithdrawn(req, status);
      const t = callerOf(req)?.t ?? translator(DEFAULT_LOCALE);
      const code = status === 401 ? expiredCodeFor('upload') : 0;
      const params = err instanceof TusRefusal ? err.params : {};
      return { status_code: status, body: JSON.stringify(failure(code, key, t, params)) };
    },
  });

  await upload.register(async (big) => {
    // tus reads the body itself, as it streams to disk: nothing here may parse or buffer it.
    big.removeAllContentTypeParsers();
    big.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const member = request.method === 'OPTIONS' ? null : await uploader(upload, request);
      callers.set(request.raw, { member, t: request.t });
      reply.hijack();
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      try {
        await tus.handle(request.raw, reply.raw);
      } catch (err) {
        request.log.error({ err }, 'tus request failed');
        reply.raw.destroy();
      }
    };
    for (const url of [`/${UPLOAD_BIG_PATH}`, `/${UPLOAD_BIG_PATH}/*`]) {
      big.route({ method: [...TUS_METHODS], url, exposeHeadRoute: false, schema: { hide: true }, handler });
    }
  });
}

/**
 * The member behind a tus request. Without a valid token: 401 with the expired code, which
 * tus clients don't retry; a visitor: 403.
 */
async function uploader(app: FastifyInstance, request: FastifyRequest): Promise<Member> {
  const token = tokenFromAuthorization(request.headers.authorization);
  const member = token ? await app.resolveMember(token, 'upload') : null;
  if (!member) throw new AppError('errors.not_logged_in', {}, expiredCodeFor('upload'), 401);
  if (member.isTourist) throw new AppError('errors.tourist_forbidden', {}, 0, 403);
  request.member = member;
  return member;
}
