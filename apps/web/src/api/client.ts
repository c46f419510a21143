import {
  type DataOf,
  type EndpointDef,
  type Envelope,
  type ErrorReason,
  type HttpMethod,
  isEnvelope,
  isSilentSuccessMessage,
  type PayloadOf,
} from '@pixelhall/contract';
import { showFailToast, showLoading, showSuccessToast } from '../core/feedback';
import i18n from '../i18n';
import { useSession } from '../state/session';
import { onNotEnoughGold, onSessionExpired } from './answer-handlers';
import { answerKind } from './answer-kind';
import { baseUrl, REQUEST_TIMEOUT_MS } from './config';
import { takeEarly } from './early-responses';
import { requestHeaders } from './headers';
import { requestInit } from './request-init';

export type ApiErrorKind = 'business' | 'expired' | 'gold' | 'network' | 'login-required' | 'aborted';

/** What every failed call rejects with; `envelope` is the server's answer when there was one. */
export class ApiError extends Error {
  /**
   * Why the server refused, the key of its message (`errors.adult_confirm` …): branch on this,
   * never on `message`, which is for people and changes with the language.
   */
  readonly reason: ErrorReason | undefined;

  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly envelope?: Envelope,
  ) {
    super(message);
    this.name = 'ApiError';
    this.reason = envelope?.reason;
  }
}

export interface RequestOptions {
  method?: HttpMethod;
  /** Toast a success message other than "OK"/"SUCCESS" (default true). */
  successToast?: boolean;
  /** Toast a failure message (default true); expiry and gold have dialogs of their own. */
  failToast?: boolean;
  /**
   * Refusals a form shows at one of its fields (a taken user name, a wrong password): they get
   * no toast, so the member reads each failure once, where it belongs.
   */
  fieldReasons?: readonly ErrorReason[];
  /** Show the click-blocking loading toast while the call runs, optionally with a text. */
  loading?: boolean | string;
  /** Never send without a token (default: the endpoint's `auth` is `required`). */
  login?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Sent instead of the session token: a short-lived game-service request token
   * (`requestToken/token`). Its expiry is the caller's to handle; it never signs the member out.
   */
  bearer?: string;
}

/** What a form tells its call: the refusals it shows at its fields rather than in a toast. */
export type FormCallOptions = Pick<RequestOptions, 'fieldReasons'>;

/** Calls a contract endpoint with the headers, envelope, toasts and dialogs of docs/product/calls-and-host.md and docs/product/limits-and-errors.md#how-the-app-treats-answers. */
export async function request<E extends EndpointDef>(
  def: E,
  payload?: PayloadOf<E>,
  options: RequestOptions = {},
): Promise<DataOf<E>> {
  const token = options.bearer ?? useSession.getState().token;
  if ((options.login ?? def.auth === 'required') && !token) {
    throw new ApiError('login-required', i18n.t('errors.not_logged_in'));
  }
  const { url, init } = requestInit(def, payload, options.method, token);
  const envelope = await send(url, init, options);
  return handleEnvelope(def, envelope, options) as DataOf<E>;
}

export interface UploadOptions extends RequestOptions {
  /** Bytes of the request body sent so far; a caller that shows its own progress passes this. */
  onProgress?: (sent: number, total: number) => void;
}

/** Sends multipart form data to an upload-host endpoint (docs/product/calls-and-host.md#uploads), with a loading indicator. */
export async function upload<E extends EndpointDef>(
  def: E,
  fields: Record<string, string | Blob>,
  options: UploadOptions = {},
): Promise<DataOf<E>> {
  const token = options.bearer ?? useSession.getState().token;
  if ((options.login ?? def.auth === 'required') && !token) {
    throw new ApiError('login-required', i18n.t('errors.not_logged_in'));
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const init = { method: 'POST', headers: requestHeaders(token), body: form };
  const sendOptions = { loading: true, timeoutMs: 10 * 60_000, ...options };
  const url = `${baseUrl(def.base)}/${def.path}`;
  const envelope = options.onProgress
    ? await sendTracked(url, init, sendOptions, options.onProgress)
    : await send(url, init, sendOptions);
  return handleEnvelope(def, envelope, options) as DataOf<E>;
}

async function send(url: string, init: RequestInit, options: RequestOptions): Promise<Envelope> {
  const stopLoading = options.loading
    ? showLoading(typeof options.loading === 'string' ? options.loading : undefined)
    : null;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    const early = takeEarly(
      url,
      init as { method?: string; headers?: Record<string, string>; body?: unknown },
    );
    const response = await (early ? abortable(early, signal) : fetch(url, { ...init, signal }));
    const json: unknown = await response.json().catch(() => null);
    if (!isEnvelope(json)) throw new Error(`not an envelope (HTTP ${response.status})`);
    return json;
  } catch {
    if (options.signal?.aborted) throw new ApiError('aborted', 'aborted');
    const message = i18n.t('errors.load_failed');
    if (options.failToast !== false) showFailToast(message);
    throw new ApiError('network', message);
  } finally {
    stopLoading?.();
  }
}

/** `send` over XMLHttpRequest, because fetch cannot report how much of a request body has gone. */
async function sendTracked(
  url: string,
  init: { method: string; headers: Record<string, string>; body: FormData },
  options: RequestOptions,
  onProgress: (sent: number, total: number) => void,
): Promise<Envelope> {
  if (options.signal?.aborted) throw new ApiError('aborted', 'aborted');
  const stopLoading = options.loading
    ? showLoading(typeof options.loading === 'string' ? options.loading : undefined)
    : null;
  const xhr = new XMLHttpRequest();
  const abort = () => xhr.abort();
  options.signal?.addEventListener('abort', abort);
  try {
    return await new Promise<Envelope>((resolve, reject) => {
      xhr.open(init.method, url);
      for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
      xhr.timeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
      xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
      xhr.onload = () => {
        let json: unknown = null;
        try {
          json = JSON.parse(xhr.responseText);
        } catch {}
        if (isEnvelope(json)) resolve(json);
        else reject(new Error(`not an envelope (HTTP ${xhr.status})`));
      };
      xhr.onerror = xhr.ontimeout = xhr.onabort = () => reject(new Error('request failed'));
      xhr.send(init.body);
    });
  } catch {
    if (options.signal?.aborted) throw new ApiError('aborted', 'aborted');
    const message = i18n.t('errors.load_failed');
    if (options.failToast !== false) showFailToast(message);
    throw new ApiError('network', message);
  } finally {
    options.signal?.removeEventListener('abort', abort);
    stopLoading?.();
  }
}

function handleEnvelope(def: EndpointDef, envelope: Envelope, options: RequestOptions): unknown {
  const kind = answerKind(def.base, envelope.code);
  if (kind === 'success') {
    if (options.successToast !== false && !isSilentSuccessMessage(envelope.msg))
      showSuccessToast(envelope.msg);
    return envelope.data;
  }
  if (kind === 'expired') {
    if (!options.bearer) onSessionExpired();
    throw new ApiError('expired', envelope.msg, envelope);
  }
  if (kind === 'gold') {
    onNotEnoughGold(envelope.msg);
    throw new ApiError('gold', envelope.msg, envelope);
  }
  const atField = envelope.reason !== undefined && options.fieldReasons?.includes(envelope.reason);
  if (options.failToast !== false && !atField) showFailToast(envelope.msg);
  throw new ApiError('business', envelope.msg, envelope);
}

/** An answer sent for earlier, given up on like a fetch of our own when the caller aborts. */
function abortable(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    answer.then(resolve, reject);
  });
}
