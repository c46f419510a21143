import { type ApiBase, isMessageKey, MainCode, type MessageKey } from '@pixelhall/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { outageOf } from '../engines/unreachable';
import type { Translate } from '../i18n';
import { AppError } from './app-error';
import { failure } from './envelope';
import { translatorOf } from './locale';

/** Fastify's own client-error codes and what a person is told about each. */
const CLIENT_ERRORS: Record<string, { status: number; key: MessageKey }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'errors.malformed_body' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'errors.malformed_body' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'errors.malformed_body' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'errors.payload_too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: 'errors.unsupported_media_type' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, key: 'errors.unsupported_media_type' },
  FST_ERR_BAD_URL: { status: 400, key: 'errors.invalid_payload' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, key: 'errors.invalid_payload' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, key: 'errors.payload_too_large' },
};

export function baseOf(url: string): ApiBase | null {
  if (url.startsWith('/api/') || url === '/api') return 'api';
  if (url.startsWith('/game-api/') || url === '/game-api') return 'game';
  if (url.startsWith('/upload/') || url === '/upload') return 'upload';
  return null;
}

function send(
  reply: FastifyReply,
  status: number,
  code: number,
  t: Translate,
  reason: MessageKey,
  params?: Record<string, unknown>,
  data: unknown = null,
) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send(failure(code, reason, t, params, data));
}

/**
 * The router's own failures (a URL it cannot decode, a path parameter over its length limit)
 * never reach the error handler; Fastify's `frameworkErrors` option sends them here.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known = CLIENT_ERRORS[error.code] ?? { status: 400, key: 'errors.invalid_payload' };
  send(reply, known.status, MainCode.Fail, translatorOf(request), known.key);
}

/**
 * One place turns every failure into the envelope: the caller reads a translated sentence, never
 * a stack trace, and a malformed request never gets a 5xx.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const t = translatorOf(request);
    if (error instanceof AppError) {
      return send(reply, error.statusCode, error.code, t, error.messageKey, error.params, error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'payload';
      if (first.message && isMessageKey(first.message)) {
        // "The maximum number is {{max}}": a zod too_big issue carries its maximum.
        const max = (first.params as { maximum?: unknown } | undefined)?.maximum;
        return send(reply, 200, MainCode.Fail, t, first.message, { max });
      }
      return send(reply, 200, MainCode.Fail, t, 'errors.invalid_field', { field });
    }
    if (isResponseSerializationError(error as FastifyError & { method?: string })) {
      request.log.error({ err: error }, 'response does not match its contract schema');
      return send(reply, 500, MainCode.Fail, t, 'errors.internal');
    }
    const known = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(reply, known.status, MainCode.Fail, t, known.key);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, status, MainCode.Fail, t, 'errors.invalid_payload');
    }
    const outage = outageOf(error);
    if (outage) {
      // Not a fault of the request nor of the code: an engine out of reach (/healthz takes this
      // server out meanwhile) or a full file store (/healthz says so).
      request.log.error({ err: error }, 'an engine could not be reached, or the file store is full');
      reply.header('retry-after', String(outage.retryAfterSeconds));
      return send(reply, 503, MainCode.Fail, t, outage.reason);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, MainCode.Fail, t, 'errors.internal');
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, MainCode.Fail, translatorOf(request), 'errors.not_found'),
  );
}
