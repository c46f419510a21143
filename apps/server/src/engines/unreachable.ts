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
 * Whether a failure says an engine the server stands on (PostgreSQL, Redis, the bucket) could not
 * be reached, rather than that the request or the code was wrong. Such a request is answered 503
 * with a Retry-After, which a client and a load balancer both read as "try again shortly"
 * (docs/architecture.md, "Health and start-up"). Looks one `cause` deep: drivers and the AWS SDK
 * wrap the socket's error.
 */
export function isEngineUnreachable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || unreachablePostgres(code))) return true;
  // ioredis: a command that waited for its one reconnection, or one sent on a closed connection.
  if (error.name === 'MaxRetriesPerRequestError' || error.message === 'Connection is closed.') return true;
  // node-postgres: the server closed the connection mid-query, or the pool could not open one.
  if (/^Connection terminated|^timeout exceeded when trying to connect/.test(error.message)) return true;
  return depth < 1 && isEngineUnreachable((error as { cause?: unknown }).cause, depth + 1);
}
