import { type BigUpload, type Envelope, UPLOAD_BIG_PATH, validateUploadSize } from '@pixelhall/contract';
import { type DetailedError, type HttpResponse, Upload } from 'tus-js-client';
import i18n from '../i18n';
import { useSession } from '../state/session';
import { onNotEnoughGold, onSessionExpired } from './answer-handlers';
import { answerKind } from './answer-kind';
import { ApiError } from './client';
import { baseUrl } from './config';
import { requestHeaders } from './headers';
import { parseEnvelope, readUploadResult } from './upload-result';

/** Big enough to keep the request count low, small enough that a dropped chunk costs little. */
export const BIG_UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000];

export interface BigUploadHandle {
  /** The stored file, once the last chunk is in. */
  done: Promise<BigUpload>;
  /** Stops sending; the part already sent stays on the server so adding the file again resumes it. */
  cancel(): void;
}

/**
 * Sends one file through the tus protocol to `upload/big` (any kind, up to 500 MB). A file that
 * was partly sent before (same member, name, size and date) continues where it stopped.
 */
export function startBigUpload(
  file: File,
  onProgress: (sent: number, total: number) => void,
  /** A game-service request token to send instead of the session token (see RequestOptions.bearer). */
  bearer?: string,
): BigUploadHandle {
  const sizeProblem = validateUploadSize(file.size);
  if (sizeProblem) {
    return { done: Promise.reject(new ApiError('business', i18n.t(sizeProblem))), cancel: () => {} };
  }
  const token = bearer ?? useSession.getState().token;
  if (!token) {
    return {
      done: Promise.reject(new ApiError('login-required', i18n.t('errors.not_logged_in'))),
      cancel: () => {},
    };
  }
  const member = useSession.getState().user?.id ?? 'member';
  let cancelled = false;
  let upload: Upload | null = null;
  let rejectDone: (err: ApiError) => void = () => {};
  const done = new Promise<BigUpload>((resolve, reject) => {
    rejectDone = reject;
    upload = new Upload(file, {
      endpoint: `${new URL(`${baseUrl('upload')}/${UPLOAD_BIG_PATH}`, window.location.href)}`,
      headers: requestHeaders(token),
      metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
      chunkSize: BIG_UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      // Per member: another account on this device must not pick up this member's upload.
      fingerprint: async () =>
        ['pixelhall-big', member, file.name, file.type, file.size, file.lastModified].join('-'),
      storeFingerprintForResuming: true,
      // A finished upload is not resumed: its answer came with the last chunk, which is gone.
      removeFingerprintOnSuccess: true,
      onProgress,
      onSuccess: ({ lastResponse }) => {
        try {
          resolve(finishedUpload(lastResponse, Boolean(bearer)));
        } catch (err) {
          reject(err);
        }
      },
      onError: (err) => reject(uploadError(err, Boolean(bearer))),
      // A refusal (too large, expired session) will not change by sending again.
      onShouldRetry: (err) => {
        const status = err.originalResponse?.getStatus() ?? 0;
        return status === 0 || status === 409 || status === 423 || status >= 500;
      },
    });
    const current = upload;
    void current
      .findPreviousUploads()
      .then((previous) => {
        if (cancelled) return;
        const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) current.resumeFromPreviousUpload(latest);
        current.start();
      })
      .catch(() => {
        if (!cancelled) current.start();
      });
  });
  return {
    done,
    cancel: () => {
      cancelled = true;
      void upload?.abort(false);
      rejectDone(new ApiError('aborted', 'aborted'));
    },
  };
}

function finishedUpload(response: HttpResponse, withBearer: boolean): BigUpload {
  const outcome = readUploadResult(response);
  if (outcome.kind === 'stored') return outcome.file;
  if (outcome.kind === 'refused') throw envelopeError(outcome.envelope, withBearer);
  throw new ApiError('business', i18n.t('errors.upload_incomplete'));
}

function uploadError(err: Error | DetailedError, withBearer = false): ApiError {
  const response = 'originalResponse' in err ? err.originalResponse : null;
  if (response) {
    const envelope = parseEnvelope(response.getBody());
    if (envelope) return envelopeError(envelope, withBearer);
    if (response.getStatus() === 413) return new ApiError('business', i18n.t('validation.file_too_large'));
  }
  return new ApiError('network', i18n.t('errors.load_failed'));
}

function envelopeError(envelope: Envelope, withBearer = false): ApiError {
  const kind = answerKind('upload', envelope.code);
  if (kind === 'expired') {
    // An expired request token says nothing about the session.
    if (!withBearer) onSessionExpired();
    return new ApiError('expired', envelope.msg, envelope);
  }
  if (kind === 'gold') {
    onNotEnoughGold(envelope.msg);
    return new ApiError('gold', envelope.msg, envelope);
  }
  return new ApiError('business', envelope.msg || i18n.t('errors.upload_incomplete'), envelope);
}
