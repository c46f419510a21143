import type { MessageKey } from '@pixelhall/contract';
import { ERRORS } from '@tus/server';
import { outageOf } from '../../engines/unreachable';

/**
 * How every refusal of `upload/big` reads: the status tus gives it (a 5xx only for the server's
 * own failures) and the message of the envelope (docs/product/limits-and-errors.md#resumable-uploads).
 */
export interface TusRefusalAnswer {
  status: number;
  key: MessageKey;
  params?: Record<string, unknown>;
  /** Seconds a 503 asks the client to wait. */
  retryAfter?: number;
}

/** A refusal from one of our tus hooks: tus answers `status_code`; `onResponseError` writes the envelope. */
export class TusRefusal {
  readonly body: string;
  constructor(
    readonly status_code: number,
    readonly messageKey: MessageKey,
    readonly params: Record<string, unknown> = {},
  ) {
    this.body = messageKey;
  }
}

const answer = (status: number, key: MessageKey): TusRefusalAnswer => ({ status, key });
const INTERNAL = answer(500, 'errors.internal');
/** The protocol's extensions this server does not offer: the client's request, so a 400. */
const UNSUPPORTED = answer(400, 'errors.upload_extension_unsupported');

/** The errors tus raises itself, by their text (the same in every copy of @tus/utils). */
const BY_TUS_ERROR = new Map<string, TusRefusalAnswer>([
  [ERRORS.MISSING_OFFSET.body, answer(403, 'errors.upload_offset_invalid')],
  [ERRORS.INVALID_CONTENT_TYPE.body, answer(403, 'errors.upload_content_type_invalid')],
  [ERRORS.INVALID_LENGTH.body, answer(400, 'errors.upload_length_required')],
  [ERRORS.INVALID_METADATA.body, answer(400, 'errors.upload_metadata_invalid')],
  [ERRORS.INVALID_OFFSET.body, answer(409, 'errors.upload_offset_conflict')],
  [ERRORS.INVALID_TERMINATION.body, answer(400, 'errors.upload_finished')],
  [ERRORS.FILE_NOT_FOUND.body, answer(404, 'errors.not_found')],
  [ERRORS.FILE_NO_LONGER_EXISTS.body, answer(410, 'errors.not_found')],
  [ERRORS.ERR_SIZE_EXCEEDED.body, answer(413, 'errors.upload_size_exceeded')],
  [ERRORS.ERR_MAX_SIZE_EXCEEDED.body, answer(413, 'validation.file_too_large')],
  // Another request took the upload over (or the client went away): it resumes from a HEAD.
  [ERRORS.ABORTED.body, answer(400, 'errors.upload_interrupted')],
  // Two requests on one upload is the client's doing; tus clients retry a 423.
  [ERRORS.ERR_LOCK_TIMEOUT.body, answer(423, 'errors.upload_busy')],
  [ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION.body, UNSUPPORTED],
  [ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION.body, UNSUPPORTED],
  [ERRORS.UNSUPPORTED_EXPIRATION_EXTENSION.body, UNSUPPORTED],
  [ERRORS.UNKNOWN_ERROR.body, INTERNAL],
  [ERRORS.FILE_WRITE_ERROR.body, INTERNAL],
]);

/** The answer to a failure tus hands to `onResponseError`: ours, its own, an outage or a bug. */
export function tusFailureAnswer(err: unknown, method: string): TusRefusalAnswer {
  if (err instanceof TusRefusal) return { status: err.status_code, key: err.messageKey, params: err.params };
  const outage = outageOf(err);
  if (outage) return { status: 503, key: outage.reason, retryAfter: outage.retryAfterSeconds };
  const body = (err as { body?: unknown } | null)?.body;
  const known = typeof body === 'string' ? BY_TUS_ERROR.get(body) : undefined;
  // A PATCH may declare a deferred length only once, and never below what was sent.
  if (known?.key === 'errors.upload_length_required' && method === 'PATCH') {
    return answer(400, 'errors.upload_length_invalid');
  }
  return known ?? INTERNAL;
}

/** What an invalid header says, most telling first: tus lists every invalid one. */
const BY_INVALID_HEADER: [string, TusRefusalAnswer][] = [
  ['tus-resumable', answer(412, 'errors.tus_version_unsupported')],
  ['upload-length', answer(400, 'errors.upload_length_invalid')],
  ['upload-defer-length', answer(400, 'errors.upload_length_invalid')],
  ['upload-offset', answer(400, 'errors.upload_offset_invalid')],
  ['upload-metadata', answer(400, 'errors.upload_metadata_invalid')],
  ['content-type', answer(400, 'errors.upload_content_type_invalid')],
  ['upload-concat', UNSUPPORTED],
];

/**
 * The answer to a refusal tus writes as plain text without asking `onResponseError`: a request
 * without `Tus-Resumable` (412) and one whose tus headers are invalid (400 `Invalid <names>`).
 * An unsupported protocol version is a 412, as the protocol asks, not tus's 400.
 */
export function tusPlainAnswer(status: number, text: string): TusRefusalAnswer {
  if (status === 412) return answer(412, 'errors.tus_resumable_required');
  const invalid = /^Invalid (.+)$/.exec(text.trim())?.[1]?.split(' ');
  if (invalid) {
    return (
      BY_INVALID_HEADER.find(([name]) => invalid.includes(name))?.[1] ?? answer(400, 'errors.invalid_payload')
    );
  }
  if (status === 404) return answer(404, 'errors.not_found');
  return status >= 500 ? INTERNAL : answer(status, 'errors.invalid_payload');
}
