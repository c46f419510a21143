import { sql } from 'kysely';
import type { Database } from '../../../src/db/database';

export interface WriteCounter {
  /** Rows inserted, updated or deleted in any table since the counter was installed. */
  total(): Promise<number>;
  /** The same, per table (only tables written to). */
  byTable(): Promise<Record<string, number>>;
}

/**
 * Row-level triggers on every table of a test database bump a per-table counter, so a test can
 * tell after each request whether it wrote anything: stronger than comparing row counts (an
 * update counts too) and cheap enough to read after every request. Requests must run one at a
 * time: concurrent writers would queue on the counter rows.
 */
export async function installWriteCounter(database: Database): Promise<WriteCounter> {
  const { db } = database;
  const tables = await writableTables(database);
  await sql`create table fuzz_writes (tbl varchar(128) primary key, n bigint not null)`.execute(db);
  if (database.engine === 'postgres') {
    await sql`create function fuzz_count() returns trigger language plpgsql as $$
      begin update fuzz_writes set n = n + 1 where tbl = TG_TABLE_NAME; return null; end $$`.execute(db);
  }
  for (const table of tables) {
    await sql`insert into fuzz_writes (tbl, n) values (${table}, 0)`.execute(db);
    if (database.engine === 'postgres') {
      await sql`create trigger fuzz_count after insert or update or delete on ${sql.table(table)}
        for each row execute function fuzz_count()`.execute(db);
      continue;
    }
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.id(`fuzz_${table}_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
        begin update fuzz_writes set n = n + 1 where tbl = ${sql.lit(table)}; end`.execute(db);
    }
  }
  return {
    async total() {
      const { rows } = await sql<{ n: number | string }>`select sum(n) as n from fuzz_writes`.execute(db);
      return Number(rows[0]!.n);
    },
    async byTable() {
      const { rows } = await sql<{ tbl: string; n: number | string }>`
        select tbl, n from fuzz_writes where n > 0`.execute(db);
      return Object.fromEntries(rows.map((r) => [r.tbl, Number(r.n)]));
    },
  };
}

/** The migrations' tables; SQLite's full-text indexes and their shadow tables take no triggers. */
async function writableTables(database: Database): Promise<string[]> {
  const tables = (await database.db.introspection.getTables()).filter((t) => !t.isView).map((t) => t.name);
  if (database.engine !== 'sqlite') return tables;
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'`.execute(
    database.db,
  );
  const virtual = rows.map((r) => r.name);
  return tables.filter((t) => !virtual.some((v) => t === v || t.startsWith(`${v}_`)));
}
