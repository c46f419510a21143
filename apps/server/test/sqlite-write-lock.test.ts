import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINE, type TestDatabase } from './helper';

/*
 * The server and an operator command (`npm run ops -- …`) are two connections to one SQLite file.
 * While one writes, the other's transaction that reads and then writes must wait for it (up to
 * busy_timeout), not fail at once with "database is locked".
 */
const WRITER = path.resolve(__dirname, 'support/sqlite-writer.ts');
/** How long the other process keeps its write transaction open: well within busy_timeout (5 s). */
const HOLD_MS = 300;

let testDb: TestDatabase;

/** Starts the other process's write transaction and answers once it holds the write lock. */
async function anotherProcessWrites(name: string) {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, testDb.url, name, String(HOLD_MS)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (output.includes('holding')) resolve();
      else if (child.exitCode !== null) reject(new Error(`the writer exited: ${output}`));
      else setTimeout(check, 10);
    };
    check();
  });
  return { exited, output: () => output };
}

describe.skipIf(ENGINE !== 'sqlite')('two connections writing to one SQLite file', () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb?.drop());

  it('lets a transaction that reads then writes wait for the other writer, then see its write', async () => {
    const other = await anotherProcessWrites('ops-write');
    const seen = await testDb.database.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('seeds').select('name').execute();
      await trx.insertInto('seeds').values({ name: 'server-write', applied_at: Date.now() }).execute();
      return rows.map((r) => r.name);
    });
    // Began only once the other had committed: its row was there to read.
    expect(seen).toContain('ops-write');
    expect(await other.exited, other.output()).toBe(0);
    expect(other.output()).toContain('committed');
    const names = await testDb.database.db.selectFrom('seeds').select('name').execute();
    expect(names.map((r) => r.name)).toEqual(expect.arrayContaining(['ops-write', 'server-write']));
  });
});
