import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { claimOperation } from '../src/features/wallet/ledger';
import { createTestDatabase, type TestDatabase } from './helper';

const NAME = '0015_operation_fingerprints';
const NOW = Date.UTC(2026, 10, 1);

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase({ before: NAME });
});
afterAll(() => tdb.drop());

describe(`migration ${NAME}`, () => {
  it('keeps the operations already recorded, which replay as they always did', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the schema as it was before the migration
    const db = tdb.database.db as any;
    const user = await db
      .insertInto('users')
      .values({ username: 'saver', nickname: 'Saver', created_at: NOW, updated_at: NOW })
      .returning('id')
      .executeTakeFirstOrThrow();
    const key = `exchange:${user.id}:old-request-1`;
    await db
      .insertInto('ledger_operations')
      .values({ key, user_id: user.id, kind: 'exchange', created_at: NOW })
      .execute();

    await migrateToLatest(tdb.database);

    const repeat = { key, userId: Number(user.id), kind: 'exchange', params: { diamonds: 9 } };
    const claimed = await tdb.database.db.transaction().execute((trx) => claimOperation(trx, repeat, NOW));
    expect(claimed).toBe(false);
    const rows = await tdb.database.db
      .selectFrom('ledger_operations')
      .select(['key', 'fingerprint'])
      .execute();
    expect(rows).toEqual([{ key, fingerprint: null }]);
  });
});
