import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations';
import { verifyPassword } from '../src/features/accounts/passwords';
import { createFileStore } from '../src/features/uploads/storage';
import { SEEDERS, seedDemoWorld } from '../src/seed';
import { DEMO_PASSWORD } from '../src/seed/demo-members';
import { createTestDatabase, type TestDatabase } from './helper';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.drop());

describe('migrations and seed', () => {
  it('records every migration and is a no-op when run again', async () => {
    expect(await migrateToLatest(tdb.database)).toEqual([]);
    const applied = await tdb.database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(applied).toHaveLength(MIGRATIONS.length);
  });

  it('seeds each part of the demo world once', async () => {
    const uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-seed-'));
    onTestFinished(() => rmSync(uploadDir, { recursive: true, force: true }));
    expect(await seedDemoWorld(tdb.database, { files: createFileStore(uploadDir) })).toEqual(
      SEEDERS.map((s) => s.name),
    );
    expect(await seedDemoWorld(tdb.database, { files: createFileStore(uploadDir) })).toEqual([]);
    const versions = await tdb.database.db.selectFrom('app_versions').select('version').execute();
    expect(versions.map((v) => v.version)).toContain('1.8.6');
    const demo = await tdb.database.db
      .selectFrom('users')
      .select(['username', 'password_hash'])
      .where('username', '=', 'pixelpat')
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(demo.password_hash, DEMO_PASSWORD)).toBe(true);
  });
});
