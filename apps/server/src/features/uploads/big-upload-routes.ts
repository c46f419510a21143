import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import {
  cleanFileName,
  DEFAULT_LOCALE,
  expiredCodeFor,
  tokenFromAuthorization,
  UPLOAD_BIG_PATH,
  UPLOAD_MAX_BYTES,
} from '@pixelhall/contract';
import { Server, TUS_VERSION, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { outageOf } from '../../engines/unreachable';
import { AppError } from '../../http/app-error';
import { failure, success } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { type Translate, translator } from '../../i18n';
import type { BigUploadsService } from './big-uploads';
import type { BigUploadRow } from './big-uploads-repo';
import { TusRefusal, type TusRefusalAnswer, tusFailureAnswer, tusPlainAnswer } from './tus-answers';

const TUS_METHODS = ['POST', 'PATCH', 'HEAD', 'OPTIONS', 'DELETE'] as const;

/** The request as tus hands it to its hooks (a web Request). */
type TusRequest = Parameters<NonNullable<ConstructorParameters<typeof Server>[0]['onIncomingRequest']>>[0];

/** One tus request as the route settled it, and what tus has done with it so far. */
interface TusCall {
  member: Member | null;
  t: Translate;
  /** The upload a creating POST made: a POST that then fails takes it away again. */
  createdId?: string;
  /** The upload a HEAD, PATCH or DELETE was found to be the caller's. */
  ownedId?: string;
  /** The row a DELETE took away, until tus has removed the upload's bytes. */
  withdrawn?: BigUploadRow;
  /** The length a PATCH declares for an upload whose length was deferred. */
  declared?: number | null;
  /** Seconds a 503 asks the client to wait. */
  retryAfter?: number;
}

/**
 * The call a tus hook or answer belongs to: tus runs each request inside `calls.run`, and its
 * hooks and `write` don't all see the request.
 */
const calls = new AsyncLocalStorage<TusCall>();

/**
 * Every refusal answers the translated envelope as JSON. tus writes each failure through `write`:
 * those of `onResponseError` come as our envelope already, the few it writes itself (a missing or
 * unsupported Tus-Resumable, invalid tus headers) as plain text, which is read and replaced here.
 */
class EnvelopeTusServer extends Server {
  override write(
    ...[context, headers, status, body = '']: Parameters<Server['write']>
  ): ReturnType<Server['write']> {
    if (status < 400) return super.write(context, headers, status, body);
    const call = calls.getStore();
    let envelope = body;
    let answered = status;
    if (!body.startsWith('{')) {
      const plain = tusPlainAnswer(status, body);
      answered = plain.status;
      envelope = envelopeOf(plain, call);
    }
    if (answered === 412) headers.set('Tus-Version', TUS_VERSION.join(','));
    if (call?.retryAfter && answered === 503) headers.set('Retry-After', String(call.retryAfter));
    headers.set('Content-Type', 'application/json; charset=utf-8');
    return super.write(context, headers, answered, envelope);
  }
}

function envelopeOf(refusal: TusRefusalAnswer, call: TusCall | undefined): string {
  const t = call?.t ?? translator(DEFAULT_LOCALE);
  const code = refusal.status === 401 ? expiredCodeFor('upload') : 0;
  return JSON.stringify(failure(code, refusal.key, t, refusal.params));
}

/**
 * The length a PATCH declares for an upload whose length was deferred, when it is one tus may
 * take; it is recorded only once tus has taken it.
 */
function declaredLength(req: TusRequest): number | null {
  const header = req.headers.get('upload-length');
  if (header === null || !/^\d{1,16}$/.test(header)) return null;
  const length = Number(header);
  return length <= UPLOAD_MAX_BYTES ? length : null;
}

/**
 * `upload/big`: the tus 1.0 resumable protocol (creation, creation-with-upload, defer-length,
 * termination) for files up to UPLOAD_MAX_BYTES, at `/upload/upload/big`. Members only, on
 * every request; an upload belongs to whoever created it. The final PATCH answers the envelope
 * with the stored file (also base64 JSON in `Upload-Result`). Same origin only: no CORS.
 */
export async function bigUploadRoutes(upload: FastifyInstance, service: BigUploadsService): Promise<void> {
  const current = () => calls.getStore();
  /**
   * An upload that can never finish is deleted at once, not left for the day-old sweep: one whose
   * creating POST failed (its client never learnt where it is), or one sent a body longer than
   * it declared (or than the limit). Only an upload of this caller's: the one it just created,
   * or one it was found to own.
   */
  async function dropRefused(call: TusCall | undefined, req: TusRequest, status: number): Promise<void> {
    const id = req.method === 'POST' ? call?.createdId : status === 413 ? call?.ownedId : undefined;
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
  async function keepWithdrawn(call: TusCall | undefined, status: number): Promise<void> {
    const row = call?.withdrawn;
    if (!row || status === 404) return;
    try {
      await service.restore(row);
    } catch (err) {
      upload.log.error({ err, upload: row.id }, 'an upload whose termination failed could not be kept');
    }
  }

  const tus = new EnvelopeTusServer({
    path: `${upload.prefix}/${UPLOAD_BIG_PATH}`,
    datastore: service.tus.datastore,
    locker: service.tus.locker,
    maxSize: UPLOAD_MAX_BYTES,
    relativeLocation: true,
    // No origin is echoed back: browsers keep other sites out.
    allowedOrigins: [],
    namingFunction: () => randomBytes(16).toString('hex'),

    async onUploadCreate(_req, created) {
      const call = current();
      const member = call?.member;
      if (!member) throw new TusRefusal(401, 'errors.not_logged_in');
      const given = created.metadata?.filename?.trim();
      if (!given) throw new TusRefusal(400, 'validation.name_required');
      const name = cleanFileName(given);
      // A length still deferred may grow to the limit: it is counted as that.
      if (!(await service.quota.hasRoom(member.id, created.size ?? UPLOAD_MAX_BYTES))) {
        throw new TusRefusal(413, 'errors.upload_quota_reached', { quota: service.quota.label });
      }
      await service.begin({ id: created.id, ownerId: member.id, declaredBytes: created.size ?? null });
      call.createdId = created.id;
      // Only what we set is kept: the owner can't be claimed through the client's metadata.
      return { metadata: { filename: name, owner: String(member.id) } };
    },

    async onIncomingRequest(req, id) {
      if (req.method === 'POST') return;
      const call = current();
      const member = call?.member;
      if (!member) throw new TusRefusal(401, 'errors.not_logged_in');
      let mine: boolean;
      if (req.method === 'DELETE') {
        const row = await service.withdraw(id, member.id);
        if (row) call.withdrawn = row;
        mine = row !== null;
      } else if (req.method === 'PATCH') {
        mine = await service.writing(id, member.id, null);
        call.declared = declaredLength(req);
      } else {
        mine = await service.owns(id, member.id);
      }
      // Someone else's upload looks exactly like one that doesn't exist (or is finished).
      if (!mine) throw new TusRefusal(404, 'errors.not_found');
      call.ownedId = id;
    },

    async onUploadFinish(req, finished: Upload) {
      const caller = current();
      const name = finished.metadata?.filename;
      const ownerId = Number(finished.metadata?.owner);
      if (!name || !Number.isInteger(ownerId)) throw new TusRefusal(500, 'errors.internal');
      let data: Awaited<ReturnType<BigUploadsService['finish']>>;
      try {
        data = await service.finish({ ownerId, upload: finished, name });
      } catch (err) {
        // A full store or an engine out of reach answers 503, as anywhere else.
        if (outageOf(err)) throw err;
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
      const call = current();
      const refusal = tusFailureAnswer(err, req.method);
      if (refusal.status === 503)
        upload.log.error({ err }, 'an upload failed: its store or an engine is out');
      else if (refusal.status >= 500 && !(err instanceof TusRefusal))
        upload.log.error({ err }, 'tus upload failed');
      if (call && refusal.retryAfter) call.retryAfter = refusal.retryAfter;
      await dropRefused(call, req, refusal.status);
      await keepWithdrawn(call, refusal.status);
      return { status_code: refusal.status, body: envelopeOf(refusal, call) };
    },
  });

  await upload.register(async (big) => {
    // tus reads the body itself, as it streams to disk: nothing here may parse or buffer it.
    big.removeAllContentTypeParsers();
    big.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const member = request.method === 'OPTIONS' ? null : await uploader(upload, request);
      const call: TusCall = { member, t: request.t };
      reply.hijack();
      reply.raw.setHeader('x-content-type-options', 'nosniff');
      try {
        await calls.run(call, () => tus.handle(request.raw, reply.raw));
      } catch (err) {
        request.log.error({ err }, 'tus request failed');
        reply.raw.destroy();
        return;
      }
      // A deferred length is counted once tus has taken it: one it refused (below what was sent)
      // must not shrink what the upload counts against the quota.
      if (member && call.ownedId && call.declared != null && reply.raw.statusCode === 204) {
        await service.writing(call.ownedId, member.id, call.declared).catch((err: unknown) => {
          request.log.warn({ err, upload: call.ownedId }, 'a declared upload length could not be recorded');
        });
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
  const member = token ? await app.resolveMember(token, 'upload', request) : null;
  if (!member) throw new AppError('errors.not_logged_in', {}, expiredCodeFor('upload'), 401);
  if (member.isTourist) throw new AppError('errors.tourist_forbidden', {}, 0, 403);
  request.member = member;
  return member;
}
