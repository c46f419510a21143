import { inject } from 'vitest';
import { openDatabase } from '@pixelhall/server/src/db/database';
import { sessionsRepo } from '@pixelhall/server/src/features/sessions/repo';
import { sessionsService } from '@pixelhall/server/src/features/sessions/service';

let sequence = 0;

/**
 * A member with a live session in the server's own database, as if they had just signed in
 * (sign-in screens arrive with the Accounts feature; the session is the same either way).
 */
export async function createMember(): Promise<{ id: number; token: string; username: string }> {
  const database = openDatabase(inject('databaseUrl'));
  try {
    sequence += 1;
    const username = `e2e_${process.pid}_${sequence}`;
    const now = Date.now();
    const user = await database.db
      .insertInto('users')
      .values({ username, nickname: `Tester ${sequence}`, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(user.id);
    const sessions = sessionsService(sessionsRepo(database.db), { idleMs: 86_400_000, maxMs: 86_400_000 });
    const { token } = await sessions.create(id);
    return { id, token, username };
  } finally {
    await database.close();
  }
}
