import fastifyMultipart from '@fastify/multipart';
import {
  endpoints,
  envelopeSchema,
  expiredCodeFor,
  IMAGE_MAX_BYTES,
  tokenFromAuthorization,
} from '@pixelhall/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, fail } from '../../http/app-error';
import { success } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { assertFullMember } from '../../shared/full-member';
import { bigUploadRoutes } from './big-upload-routes';
import type { BigUploadsService } from './big-uploads';
import { downloadRoutes } from './download-routes';
import type { ImageApp } from './picture-pipeline';
import { sendStoredFile } from './send-file';
import type { UploadsService } from './service';

const IMAGE_MAX_LABEL = `${IMAGE_MAX_BYTES / (1024 * 1024)} MB`;
/**
 * upload/file per member: every picture is decoded and encoded again, the costliest thing a
 * member can ask for. Enough for a post's nine pictures sent again a few times over.
 */
export const UPLOAD_FILE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
/** Stored files never change under their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const uploadFile = endpoints.uploads.uploadFile;

/**
 * The upload host: `upload/file` (multipart, docs/product/calls-and-host.md#uploads), `upload/big` (tus), `download/file` and
 * the stored files. Registered inside the `/upload` plugin, so multipart parsing exists only here.
 */
export async function uploadsRoutes(
  upload: FastifyInstance,
  service: UploadsService,
  bigUploads: BigUploadsService,
): Promise<void> {
  await bigUploadRoutes(upload, bigUploads);
  downloadRoutes(upload, service);

  await upload.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 },
  });

  upload.post(
    `/${uploadFile.path}`,
    {
      schema: {
        summary: uploadFile.summary,
        tags: [uploadFile.base],
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(uploadFile.data) },
      },
      // Before the body is read: a visitor's upload is refused without storing a byte, and the
      // rate limit (a preHandler) counts the member's uploads.
      preValidation: async (request) => assertFullMember(await memberOf(upload, request)),
      config: { rateLimit: { ...UPLOAD_FILE_LIMIT, keyGenerator: memberKey } },
    },
    async (request, reply) => {
      const member = request.member as Member;
      const { app, file } = await readImageForm(request, reply);
      return success(await service.storeImage(member.id, file, app), request.t);
    },
  );

  upload.get('/files/:name', { schema: { hide: true } }, async (request, reply) => {
    const file = await service.find((request.params as { name: string }).name);
    if (!file) throw new AppError('errors.not_found', {}, 0, 404);
    return sendStoredFile(request, reply, file, { disposition: 'inline', cacheControl: IMMUTABLE });
  });
}

const memberKey = (request: FastifyRequest) => `member:${(request.member as Member).id}`;

/** The bearer's member; without a valid token, the expired code the app answers with a log-in. */
async function memberOf(app: FastifyInstance, request: FastifyRequest): Promise<Member> {
  const token = tokenFromAuthorization(request.headers.authorization);
  const member = token ? await app.resolveMember(token, uploadFile.base, request) : null;
  if (!member) throw new AppError('errors.not_logged_in', {}, expiredCodeFor(uploadFile.base));
  request.member = member;
  return member;
}

/**
 * The most a form may announce: the image at its limit and room for the `app` field and the parts'
 * headers. Anything bigger is refused before a byte of it is read.
 */
const FORM_MAX_BYTES = IMAGE_MAX_BYTES + 64 * 1024;
/** Parser limits other than the file's size: a form far bigger than the one the app sends. */
const FORM_LIMITS = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * Reads the form's parts in whatever order they come. The file is held only up to the size
 * limit: the parser stops it there, and the answer is 413. Anything else the parser trips over
 * (no boundary, junk, a form cut off, a client gone halfway) is the client's: 400, never 500.
 */
async function readImageForm(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ app: ImageApp; file: Buffer }> {
  if (!request.isMultipart()) throw fail('errors.file_required');
  if (Number(request.headers['content-length']) > FORM_MAX_BYTES) {
    reply.header('connection', 'close');
    throw new AppError('errors.image_too_large', { max: IMAGE_MAX_LABEL }, 0, 413);
  }
  let app: unknown;
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'app') app = part.value;
      } else if (part.fieldname === 'file') {
        file = await part.toBuffer();
      } else {
        part.file.resume();
      }
    }
  } catch (err) {
    throw refusedForm(request, reply, err);
  }
  const parsed = uploadFile.payload.shape.app.safeParse(app);
  if (!parsed.success) throw fail('errors.invalid_field', { field: 'app' });
  if (!file || file.length === 0) throw fail('errors.file_required');
  return { app: parsed.data, file };
}

/**
 * The answer to a form that could not be read. When its body has not all arrived, the connection
 * closes after the answer: Node would otherwise read (and drop) the rest of it, however big.
 */
function refusedForm(request: FastifyRequest, reply: FastifyReply, err: unknown): AppError {
  if (!request.raw.readableEnded) reply.header('connection', 'close');
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('errors.image_too_large', { max: IMAGE_MAX_LABEL }, 0, 413);
  }
  if (typeof code === 'string' && FORM_LIMITS.has(code)) {
    return new AppError('errors.payload_too_large', {}, 0, 413);
  }
  // A client's mistake or its going away, not the server's: worth a note, never an error.
  request.log.info({ err }, 'unreadable upload form');
  return new AppError('errors.malformed_body', {}, 0, 400);
}
