import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEngineUnreachable } from '../src/engines/unreachable';
import { createTestDatabase, ENGINE, type TestDatabase } from './helper';

/*
 * PostgreSQL ends one connection (pg_terminate_backend, as a restart or a failover ends them all)
 * while the pool has lent it out: to a transaction between two statements, or to a query still
 * running. The failure reaches the caller as "unreachable" (a 503), never as an unheard error event
 * that ends the process (this file's own), and the pool serves the next query on a new connection.
 */
let testDb: TestDatabase;
const db = () => testDb.database.db;

/** Waits until PostgreSQL's own list shows `pid` doing what `matches` says (or gone). */
async function untilBackend(pid: number, matches: (state: { query: string } | undefined) => boolean) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { rows } = await sql<{ query: string }>`
      select query from pg_stat_activity where pid = ${pid}`.execute(db());
    if (matches(rows[0])) return;
    if (Date.now() > deadline) throw new Error(`backend ${pid} never reached the state`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The pool's next answer. A query may still be lent the ended connection before its socket has
 * closed here (it fails as unreachable, a 503); the pool then drops it and the next one is served.
 */
async function servedAgain(): Promise<unknown[]> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await sql<{ one: number }>`select 1 as one`.execute(db()).then(
      ({ rows }) => rows,
      (err: unknown) => err,
    );
    if (Array.isArray(outcome)) return outcome;
    expect(isEngineUnreachable(outcome), String(outcome)).toBe(true);
    if (attempt === 3) throw new Error(`the pool did not serve again: ${outcome}`);
  }
}

const terminate = (pid: number) => sql`select pg_terminate_backend(${pid})`.execute(db());

describe.skipIf(ENGINE !== 'postgres')('a PostgreSQL connection ended while lent out', () => {
  beforeAll(async () => {
    testDb = await createTestDatabase();
  });
  afterAll(() => testDb?.drop());

  it('fails its transaction as unreachable, rollback included, and the pool goes on', async () => {
    const failure = await db()
      .transaction()
      .execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        const pid = rows[0]!.pid;
        await terminate(pid);
        await untilBackend(pid, (state) => state === undefined);
        await sql`select 1`.execute(trx);
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isEngineUnreachable(failure), String(failure)).toBe(true);
    expect(await servedAgain()).toEqual([{ one: 1 }]);
  });

  it('fails a query cut off while it runs as unreachable, and the pool goes on', async () => {
    const failure = await db()
      .connection()
      .execute(async (conn) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
        const pid = rows[0]!.pid;
        const sleep = sql`select pg_sleep(30)`.execute(conn).then(
          () => null,
          (err: unknown) => err,
        );
        await untilBackend(pid, (state) => state?.query.includes('pg_sleep') ?? false);
        await terminate(pid);
        const failed = await sleep;
        // Still lent out when the socket closes behind the error.
        await untilBackend(pid, (state) => state === undefined);
        return failed;
      });
    expect(isEngineUnreachable(failure), String(failure)).toBe(true);
    expect(await servedAgain()).toEqual([{ one: 1 }]);
  });
});
