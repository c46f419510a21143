/**
 * The feeds benchmark's queries on PostgreSQL, with their plans: runs the app in-process on the
 * database `npm run bench:feeds` filled (BENCH_DATABASE_URL), records every statement of a
 * signed-in `home/posts` page 1, the page after it by cursor and page 500 by cursor, and prints
 * each with `EXPLAIN (ANALYZE, BUFFERS)` run on the same values, then the generic plan PostgreSQL may
 * switch a named statement to after five runs (db/named-statements.ts), run on the same values.
 * Not part of npm test.
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/feeds-explain.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@pixelhall/server/src/app';
import { loadConfig } from '@pixelhall/server/src/config';
import { dialectFor } from '@pixelhall/server/src/db/dialect';
import type { DB } from '@pixelhall/server/src/db/schema';
import { LOCAL_ORIGIN } from '@pixelhall/server/src/features/sessions/origin';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { VIEWER } from './feeds-data';

const url = process.env.BENCH_DATABASE_URL;
if (!url?.startsWith('postgres')) throw new Error('BENCH_DATABASE_URL must be a postgres:// URL');
const PAGE_SIZE = 20;
const DEEP_PAGE = 500;

let recording: { sql: string; parameters: readonly unknown[] }[] | null = null;
const pool = new pg.Pool({ connectionString: url, max: 2 });
const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    if (event.level === 'query')
      recording?.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});
const uploads = mkdtempSync(path.join(tmpdir(), 'pixelhall-explain-'));
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  // The load comes from one address, past the per-address connection cap.
  MAX_CONNECTIONS_PER_ADDRESS: '0',
  DATABASE_URL: url,
  SEED: 'false',
  UPLOAD_DIR: uploads,
});
const database = {
  db,
  engine: 'postgres' as const,
  dialect: dialectFor('postgres'),
  close: () => db.destroy(),
};
const { app, services } = await buildApp({ config, database });

/** The plan a prepared statement gets without its values, run with them. */
async function genericPlan(text: string, parameters: readonly unknown[]): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('set plan_cache_mode = force_generic_plan');
    await client.query(`prepare explained as ${text}`);
    const values = parameters.map((v) => (v === null ? 'null' : client.escapeLiteral(String(v))));
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) execute explained(${values.join(', ')})`,
    );
    return rows.map((row) => row['QUERY PLAN']);
  } finally {
    await client.query('deallocate explained; reset plan_cache_mode').catch(() => {});
    client.release();
  }
}
try {
  const viewer = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', VIEWER)
    .executeTakeFirstOrThrow();
  const { token } = await services.sessions.create(Number(viewer.id), LOCAL_ORIGIN);
  const page = async (payload: object) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/home/posts',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
      payload,
    });
    return (res.json() as { data: { cursor: string } }).data.cursor;
  };
  const explain = async (title: string, payload: object) => {
    recording = [];
    const cursor = await page(payload);
    const statements = recording;
    recording = null;
    console.info(`\n=== ${title}: ${statements.length} statements`);
    for (const { sql, parameters } of statements) {
      console.info(`\n${sql}\n-- ${JSON.stringify(parameters)}`);
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${sql}`,
        parameters as unknown[],
      );
      for (const row of rows) console.info(row['QUERY PLAN']);
      if (parameters.length === 0) continue;
      console.info('-- generic plan:');
      for (const line of await genericPlan(sql, parameters)) console.info(line);
    }
    return cursor;
  };
  const first = await explain('home/posts page 1', { num: PAGE_SIZE });
  await explain('home/posts page 2 by cursor', { num: PAGE_SIZE, cursor: first });
  let cursor = first;
  for (let n = 2; n < DEEP_PAGE; n++) cursor = await page({ num: PAGE_SIZE, cursor });
  await explain(`home/posts page ${DEEP_PAGE} by cursor`, { num: PAGE_SIZE, cursor });
} finally {
  await app.close();
  await db.destroy().catch(() => {});
  rmSync(uploads, { recursive: true, force: true });
}
