import { openDatabase } from '@pixelhall/server/src/db/database';
import { optionsRepo } from '@pixelhall/server/src/features/options/repo';
import { optionsService } from '@pixelhall/server/src/features/options/service';
import { LOCAL_ORIGIN } from '@pixelhall/server/src/features/sessions/origin';
import { sessionsRepo } from '@pixelhall/server/src/features/sessions/repo';
import { hashToken, sessionsService } from '@pixelhall/server/src/features/sessions/service';
import { inject } from 'vitest';

let sequence = 0;
const DAY = 86_400_000;

/** Runs `fn` on a connection of its own to the server's database, closed afterwards. */
export async function withDatabase<T>(
  fn: (database: ReturnType<typeof openDatabase>) => Promise<T>,
): Promise<T> {
  const database = openDatabase(inject('databaseUrl'));
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

/**
 * A member with a live session in the server's own database, as if they had just signed in
 * (the sign-in screens arrive with the Accounts feature; the session is the same either way).
 */
export function createMember(): Promise<{ id: number; token: string; sessionId: number; nickname: string }> {
  return withDatabase(async (database) => {
    sequence += 1;
    const nickname = `Tester ${sequence}`;
    const now = Date.now();
    const user = await database.db
      .insertInto('users')
      .values({ username: `e2e_${process.pid}_${sequence}`, nickname, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(user.id);
    const { token, sessionId } = await sessionsService({
      repo: sessionsRepo(database.db),
      policy: { idleMs: DAY, maxMs: DAY },
    }).create(id, LOCAL_ORIGIN);
    return { id, token, sessionId, nickname };
  });
}

/** Ends a session on the server, as an expiry or a sign-out elsewhere would. */
export function revokeSession(sessionId: number): Promise<void> {
  return withDatabase((database) =>
    sessionsService({ repo: sessionsRepo(database.db), policy: { idleMs: DAY, maxMs: DAY } }).revoke(
      sessionId,
    ),
  );
}

/** What an operator's `npm run ops -- options:set` does. */
export function setOption(name: string, value: unknown): Promise<unknown> {
  return withDatabase((database) => optionsService({ repo: optionsRepo(database.db) }).set(name, value));
}

/** The session behind a token the app holds, found the way the server finds it: by its hash. */
export function sessionIdOf(token: string): Promise<number> {
  return withDatabase(async (database) => {
    const row = await database.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    return Number(row.id);
  });
}

/** A live session for one of the demo world's seeded members (e.g. `pixelpat`), by username. */
export function demoMemberSession(username: string): Promise<{ id: number; token: string }> {
  return withDatabase(async (database) => {
    const user = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const id = Number(user.id);
    const { token } = await sessionsService({
      repo: sessionsRepo(database.db),
      policy: { idleMs: DAY, maxMs: DAY },
    }).create(id, LOCAL_ORIGIN);
    return { id, token };
  });
}
