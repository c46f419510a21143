/**
 * What a unique-constraint violation names (SQLite: the message, e.g. "UNIQUE constraint failed:
 * users.email"; PostgreSQL: the constraint, e.g. "users_email_key"), or null for any other error.
 * Lets a service turn the loser of a concurrent insert into the same readable answer the
 * check before the insert gives.
 */
export function uniqueViolation(err: unknown): string | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { code?: unknown; message?: unknown; constraint?: unknown };
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE') return String(e.message ?? '');
  if (e.code === '23505') return String(e.constraint ?? e.message ?? '');
  return null;
}
