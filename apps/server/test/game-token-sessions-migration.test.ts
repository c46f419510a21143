import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { createTestDatabase, type TestDatabase } from './helper';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase({ upTo: '0010_upload_owners' });
});
afterAll(() => tdb.drop());

const NOW = Date.UTC(2026, 10, 1);

describe('migration 0011_game_token_sessions', () => {
  it('drops the game tokens that name no session, and requires one from then on', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the schema as it was before the migration
    const db = tdb.database.db as any;
    const { id: userId } = await db
      .insertInto('users')
      .values({ username: 'holder', nickname: 'holder', created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('game_tokens')
      .values({ token_hash: 'old', user_id: userId, expires_at: NOW + 60_000, created_at: NOW })
      .execute();

    expect(await migrateToLatest(tdb.database)).toContain('0011_game_token_sessions');

    expect(await db.selectFrom('game_tokens').selectAll().execute()).toEqual([]);
    await expect(
      db
        .insertInto('game_tokens')
        .values({ token_hash: 'new', user_id: userId, expires_at: NOW + 60_000, created_at: NOW })
        .execute(),
    ).rejects.toThrow();
  });
});
