import type { MessageKey } from '@pixelhall/contract';

/** Node's socket failures: the engine's host refused, dropped or never answered the connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATEs for a server that is going away or not yet there: class 08 (connection
 * exception) and the shutdowns of class 57 (57P01 admin, 57P02 crash, 57P03 cannot connect now).
 */
const unreachablePostgres = (code: string) => code.startsWith('08') || /^57P0[123]$/.test(code);

/**
 * node-postgres: the server closed the connection mid-query, or before the next query on it (a
 * transaction's rollback), or the pool could not open one.
 */
const POSTGRES_CONNECTION_LOST =
  /^Connection terminated|^Client has encountered a connection error|^timeout exceeded when trying to connect/;

/**
 * Whether a failure says an engine the server stands on (PostgreSQL, Redis, the bucket) could not
 * be reached, rather than that the request or the code was wrong. Such a request is answered 503
 * with a Retry-After, which a client and a load balancer both read as "try again shortly"
 * (docs/internals/health.md#unreachable-engines). Looks one `cause` deep: drivers and the AWS SDK
 * wrap the socket's error.
 */
export function isEngineUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || unreachablePostgres(code))) return true;
  // ioredis: a command that waited for its one reconnection, or one sent on a closed connection.
  if (error.name === 'MaxRetriesPerRequestError' || error.message === 'Connection is closed.') return true;
  if (POSTGRES_CONNECTION_LOST.test(error.message)) return true;
  return depth < 1 && isEngineUnreachable((error as { cause?: unknown }).cause, depth + 1);
}

/** The file system's words for a store with no room left: the disk, or the owner's quota on it. */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);

/** Whether a failure says the file store has no room left. Looks one `cause` deep, as above. */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && STORAGE_FULL_CODES.has(code)) return true;
  return depth < 1 && isStorageFull((error as { cause?: unknown }).cause, depth + 1);
}

/** What a 503 asks the client to wait: about one health-check period of a load balancer. */
export const UNAVAILABLE_RETRY_SECONDS = 5;
/** A full store waits for an operator to make room: asking again every few seconds only adds load. */
export const STORAGE_FULL_RETRY_SECONDS = 60;

/** A failure that is the server's situation, not the request's nor a bug: answered 503. */
export interface Outage {
  reason: Extract<MessageKey, 'errors.unavailable' | 'errors.storage_full'>;
  retryAfterSeconds: number;
}

/**
 * The outage a failure reveals, if any: a full store (`errors.storage_full`, so people know it is
 * no blip) or an engine out of reach (`errors.unavailable`); null for any other failure.
 */
export function outageOf(error: unknown): Outage | null {
  if (isStorageFull(error)) {
    return { reason: 'errors.storage_full', retryAfterSeconds: STORAGE_FULL_RETRY_SECONDS };
  }
  if (isEngineUnreachable(error)) {
    return { reason: 'errors.unavailable', retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS };
  }
  return null;
}
