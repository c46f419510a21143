import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledOnce, type Params } from '../src/db/compiled-once';
import { NamingClient, statementName } from '../src/db/named-statements';
import type { DB } from '../src/db/schema';
import { createTestDatabase, ENGINE, type TestDatabase } from './helper';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
  for (const [position, name] of ['ada', 'bob', 'cy'].entries())
    await t.database.db
      .insertInto('categories')
      .values({ name, icon: '', topic_type: 1, position, created_at: 1 })
      .execute();
});
afterEach(() => t.drop());

// Two queries of the same shape (one parameter, one column) whose texts differ.
const nameAt = compiledOnce((db, p: Params<{ position: number }>) =>
  db.selectFrom('categories').select('name').where('position', '=', p.position),
);
const iconAt = compiledOnce((db, p: Params<{ position: number }>) =>
  db.selectFrom('categories').select('icon').where('position', '=', p.position),
);
const everyColumnAt = compiledOnce((db, p: Params<{ position: number }>) =>
  db.selectFrom('categories').selectAll('categories').where('position', '=', p.position),
);

const firstNames = compiledOnce((db, p: Params<{ min: number }>, limit: number) =>
  db.selectFrom('categories').select('name').where('position', '>=', p.min).orderBy('position').limit(limit),
);

interface Prepared {
  name: string;
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

/** The statements prepared on the connection `db` is pinned to. */
async function preparedOn(db: Kysely<DB>): Promise<Prepared[]> {
  const { rows } = await sql<Prepared>`
    select name, statement, generic_plans, custom_plans from pg_prepared_statements order by name
  `.execute(db);
  return rows;
}

describe.skipIf(ENGINE !== 'postgres')('named statements on PostgreSQL', () => {
  it('prepares a query built once on its connection, then only runs it', async () => {
    await t.database.db.connection().execute(async (db) => {
      expect(await nameAt(db, { position: 1 })).toEqual([{ name: 'bob' }]);
      expect(await nameAt(db, { position: 2 })).toEqual([{ name: 'cy' }]);
      expect(await iconAt(db, { position: 0 })).toEqual([{ icon: '' }]);
      const prepared = await preparedOn(db);
      expect(prepared).toHaveLength(2);
      const byName = prepared.find((p) => p.statement.includes('select "name"'))!;
      expect(byName.name).toBe(statementName(byName.statement));
      // Parsed once, run twice.
      expect(byName.generic_plans + byName.custom_plans).toBe(2);
      const byIcon = prepared.find((p) => p.statement.includes('select "icon"'))!;
      expect(byIcon.name).not.toBe(byName.name);
    });
  });

  it('writes the LIMIT into the text, so PostgreSQL settles on one plan instead of planning each run', async () => {
    await t.database.db.connection().execute(async (db) => {
      for (let run = 0; run < 7; run++)
        expect(await firstNames(db, { min: 1 }, 1)).toEqual([{ name: 'bob' }]);
      expect(await firstNames(db, { min: 0 }, 2)).toEqual([{ name: 'ada' }, { name: 'bob' }]);
      const prepared = await preparedOn(db);
      const one = prepared.find((p) => p.statement.endsWith('limit 1'))!;
      // PostgreSQL plans the first five runs with their values, then reuses a generic plan when it
      // costs no more; a bound LIMIT never does (it is guessed at a tenth of the table).
      expect(one.custom_plans).toBe(5);
      expect(one.generic_plans).toBe(2);
      expect(prepared.some((p) => p.statement.endsWith('limit 2'))).toBe(true);
    });
  });

  it('leaves other statements unnamed', async () => {
    await t.database.db.connection().execute(async (db) => {
      await db.selectFrom('categories').select('name').where('position', '>', 1).execute();
      expect(await preparedOn(db)).toEqual([]);
    });
  });

  it('prepares again on a connection that replaced a lost one', async () => {
    const pool = new pg.Pool({ connectionString: t.url, max: 1, Client: NamingClient });
    pool.on('error', () => {});
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    try {
      expect(await nameAt(db, { position: 0 })).toEqual([{ name: 'ada' }]);
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const removed = new Promise((removed) => pool.once('remove', removed));
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(t.database.db);
      await removed;
      expect(await nameAt(db, { position: 1 })).toEqual([{ name: 'bob' }]);
      expect((await preparedOn(db)).map((p) => p.statement)).toEqual([
        expect.stringContaining('select "name"'),
      ]);
    } finally {
      await db.destroy();
    }
  });

  it('survives a schema change sent through the app, as a migration is', async () => {
    await t.database.db.connection().execute(async (db) => {
      expect(Object.keys((await everyColumnAt(db, { position: 0 }))[0]!)).not.toContain('note');
      await db.schema.alterTable('categories').addColumn('note', 'text').execute();
      // The old plan's result type no longer matches; the statement is prepared again.
      expect((await everyColumnAt(db, { position: 0 }))[0]).toMatchObject({ name: 'ada', note: null });
    });
  });

  it('prepares again after one failed run when another process changed the schema', async () => {
    await t.database.db.connection().execute(async (db) => {
      await everyColumnAt(db, { position: 0 });
      const other = new pg.Client({ connectionString: t.url });
      await other.connect();
      await other.query('alter table categories add column note text');
      await other.end();
      await expect(everyColumnAt(db, { position: 0 })).rejects.toThrow(/must not change result type/);
      expect((await everyColumnAt(db, { position: 0 }))[0]).toMatchObject({ name: 'ada', note: null });
    });
  });
});
