import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { sessionsRepo } from '../src/features/sessions/repo';
import { hashToken, sessionsService, TOUCH_EVERY_MS } from '../src/features/sessions/service';
import { createTestDatabase, type TestDatabase } from './helper';

const NAME = '0019_session_origins';
const NOW = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase({ before: NAME });
});
afterAll(() => tdb.drop());

describe(`migration ${NAME}`, () => {
  it('keeps the sessions it finds, with no origin until their next write-back fills it', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the schema as it was before the migration
    const db = tdb.database.db as any;
    const user = await db
      .insertInto('users')
      .values({ username: 'early', nickname: 'Early', created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sessions')
      .values({
        user_id: user.id,
        token_hash: hashToken('an-early-token'),
        created_at: NOW,
        last_used_at: NOW,
        expires_at: NOW + DAY,
        max_expires_at: NOW + 30 * DAY,
      })
      .execute();

    await migrateToLatest(tdb.database);
    const origin = () =>
      tdb.database.db.selectFrom('sessions').select(['device_type', 'app_version', 'address']).execute();
    expect(await origin()).toEqual([{ device_type: null, app_version: null, address: null }]);

    const now = NOW + TOUCH_EVERY_MS;
    const sessions = sessionsService({
      repo: sessionsRepo(tdb.database.db),
      policy: { idleMs: DAY, maxMs: 30 * DAY },
      clock: () => now,
    });
    const from = () => ({ deviceType: 'iphone', appVersion: '1.8.6', address: '::ffff:203.0.113.9' });
    expect((await sessions.resolve('an-early-token', from))?.id).toBe(Number(user.id));
    expect(await origin()).toEqual([{ device_type: 'iphone', app_version: '1.8.6', address: '203.0.113.x' }]);
  });
});
