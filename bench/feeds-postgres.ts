/**
 * The feeds benchmark's world on PostgreSQL: the generated SQLite file's rows copied into a
 * database migrated by the app's own migrator, so both engines are measured on the very same
 * members, posts, likes and follows. Secondary indexes and foreign keys are dropped during the
 * copy and rebuilt after it (far faster than keeping them up to date row by row); rows go in
 * batches as one `insert … select from unnest(arrays)` each. A marker table remembers which
 * SQLite file was copied and how long that took, so reruns on the same database skip the copy.
 */
import path from 'node:path';
import { openDatabase } from '@pixelhall/server/src/db/database';
import { migrateToLatest } from '@pixelhall/server/src/db/migrate';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { FeedsData } from './feeds-data';

/** The tables the generator fills, parents before children. */
const TABLES = [
  'users',
  'categories',
  'topics',
  'uploads',
  'posts',
  'post_likes',
  'post_files',
  'follows',
  'topic_follows',
  'blacklist',
] as const;
const BATCH = 5000;
const MARKER = 'bench_feeds_data';

export interface PostgresFeedsData {
  /** Seconds the copy took (when this run reused it: the run that made it). */
  seconds: number;
  bytes: number;
  cached: boolean;
}

/** The feeds world in the database at `url`, copied from `data` first unless it already is. */
export async function feedsPostgres(url: string, data: FeedsData): Promise<PostgresFeedsData> {
  const source = path.basename(data.file);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  try {
    const marked = await pool
      .query<{ seconds: number }>(`select seconds from ${MARKER} where source = $1`, [source])
      .catch(() => null);
    if (marked?.rows[0]) return { seconds: marked.rows[0].seconds, bytes: await size(pool), cached: true };

    const started = performance.now();
    // A fresh schema: whatever an older copy or run left behind goes.
    await pool.query('drop schema public cascade; create schema public');
    const database = openDatabase(url, { poolSize: 1 });
    try {
      await migrateToLatest(database);
    } finally {
      await database.close();
    }
    await copy(pool, data.file);
    await pool.query(`create table ${MARKER} (source text primary key, seconds double precision not null)`);
    const seconds = (performance.now() - started) / 1000;
    await pool.query(`insert into ${MARKER} (source, seconds) values ($1, $2)`, [source, seconds]);
    return { seconds, bytes: await size(pool), cached: false };
  } finally {
    await pool.end();
  }
}

async function size(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ bytes: string }>(
    'select pg_database_size(current_database()) as bytes',
  );
  return Number(rows[0]!.bytes);
}

async function copy(pool: pg.Pool, file: string): Promise<void> {
  const { rows: indexes } = await pool.query<{ name: string; sql: string }>(
    `select indexname as name, indexdef as sql from pg_indexes
      where schemaname = 'public' and indexname not in (select conname from pg_constraint)`,
  );
  const { rows: foreignKeys } = await pool.query<{ table: string; name: string; sql: string }>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as sql
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
  );
  for (const fk of foreignKeys) await pool.query(`alter table "${fk.table}" drop constraint "${fk.name}"`);
  for (const index of indexes) await pool.query(`drop index "${index.name}"`);

  const sqlite = new SQLite(file, { readonly: true });
  try {
    for (const table of TABLES) await copyTable(pool, sqlite, table);
  } finally {
    sqlite.close();
  }

  // Two connections build the indexes side by side, biggest first.
  const work = [
    ...indexes.map((i) => i.sql),
    ...foreignKeys.map((fk) => `alter table "${fk.table}" add constraint "${fk.name}" ${fk.sql}`),
  ];
  const next = async () => {
    const client = await pool.connect();
    try {
      await client.query("set maintenance_work_mem = '256MB'");
      for (let sql = work.shift(); sql; sql = work.shift()) await client.query(sql);
    } finally {
      client.release();
    }
  };
  await Promise.all([next(), next()]);

  // Ids were copied as they are: each identity column's sequence continues after the largest.
  const { rows: serials } = await pool.query<{ table: string; column: string }>(
    `select table_name as table, column_name as column from information_schema.columns
      where table_schema = 'public' and (is_identity = 'YES' or column_default like 'nextval(%')`,
  );
  for (const { table, column } of serials)
    await pool.query(
      `select setval(pg_get_serial_sequence($1, $2), greatest(1, (select coalesce(max("${column}"), 0) from "${table}")))`,
      [`"${table}"`, column],
    );
  // Statistics for the planner, and a visibility map so index-only scans skip the heap.
  await pool.query('vacuum analyze');
}

async function copyTable(pool: pg.Pool, sqlite: SQLite.Database, table: string): Promise<void> {
  const { rows: target } = await pool.query<{ column: string; type: string }>(
    `select column_name as column, udt_name as type from information_schema.columns
      where table_schema = 'public' and table_name = $1`,
    [table],
  );
  const types = new Map(target.map((c) => [c.column, c.type]));
  const columns = (sqlite.pragma(`table_info("${table}")`) as { name: string }[])
    .map((c) => c.name)
    .filter((name) => types.has(name));
  const casts = columns.map((c, i) => `$${i + 1}::${types.get(c)}[]`).join(', ');
  const insert = `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) select * from unnest(${casts})`;
  // SQLite keeps booleans as 0 and 1, and lets an integer column hold a fraction (the generator
  // leaves some follow times unrounded), which PostgreSQL refuses.
  const convert = columns.map((c): ((v: unknown) => unknown) => {
    const type = types.get(c)!;
    if (type === 'bool') return (v) => (v === null ? null : v !== 0);
    if (type.startsWith('int')) return (v) => (typeof v === 'number' ? Math.floor(v) : v);
    return (v) => v;
  });

  const rows = sqlite.prepare(`select ${columns.map((c) => `"${c}"`).join(', ')} from "${table}"`).raw();
  let batch: unknown[][] = columns.map(() => []);
  let count = 0;
  // One batch in flight while the next is read: reading SQLite and PostgreSQL's insert overlap.
  let inFlight: Promise<unknown> = Promise.resolve();
  const flush = async () => {
    const values = batch;
    batch = columns.map(() => []);
    count = 0;
    await inFlight;
    inFlight = pool.query(insert, values);
  };
  for (const row of rows.iterate() as Iterable<unknown[]>) {
    for (let i = 0; i < columns.length; i++) batch[i]!.push(convert[i]!(row[i]));
    if (++count === BATCH) await flush();
  }
  if (count) await flush();
  await inFlight;
}
