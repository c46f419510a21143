import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { createTestDatabase, type TestDatabase } from './helper';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase({ before: '0014_email_proof' });
});
afterAll(() => tdb.drop());

const NOW = Date.UTC(2026, 10, 1);

describe('migration 0014_email_proof', () => {
  it('leaves proven only the addresses a provider verified or the demo seed gave; the rest wait for proof', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the schema as it was before the migration
    const db = tdb.database.db as any;
    const user = async (username: string, email: string | null) =>
      Number(
        (
          await db
            .insertInto('users')
            .values({ username, nickname: username, email, created_at: NOW, updated_at: NOW })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    const squatter = await user('squatter', 'victim@example.org');
    const linked = await user('linked', 'linked@example.org');
    const otherLink = await user('otherlink', 'mine@example.org');
    const demo = await user('pixelpat', 'pixelpat@pixelhall.example');
    const visitor = await user('visitor-abcd1234', null);
    await db
      .insertInto('identities')
      .values([
        {
          user_id: linked,
          provider: 'pixelid',
          subject: 's-1',
          email: 'linked@example.org',
          created_at: NOW,
        },
        // Verified for another address than the one the member signed up with: no proof of this one.
        {
          user_id: otherLink,
          provider: 'pixelid',
          subject: 's-2',
          email: 'other@example.org',
          created_at: NOW,
        },
      ])
      .execute();

    await migrateToLatest(tdb.database);

    const rows = await tdb.database.db
      .selectFrom('users')
      .select(['id', 'email', 'pending_email'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => ({ ...r, id: Number(r.id) }))).toEqual([
      { id: squatter, email: null, pending_email: 'victim@example.org' },
      { id: linked, email: 'linked@example.org', pending_email: null },
      { id: otherLink, email: null, pending_email: 'mine@example.org' },
      { id: demo, email: 'pixelpat@pixelhall.example', pending_email: null },
      { id: visitor, email: null, pending_email: null },
    ]);
  });
});
