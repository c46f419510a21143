import { type Kysely, type RawBuilder, sql } from 'kysely';
import { compiledOnce, type Params } from '../../db/compiled-once';
import type { Engine } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { FILE_ADDRESS, FILE_ADDRESS_LIKE, FILE_REFERENCES, type FileReference } from './references';

/**
 * The database's own clock in epoch ms, for marks: servers whose clocks disagree (or a test that
 * moves the app's clock) still agree on when a mark has lapsed.
 */
function databaseNow(engine: Engine): RawBuilder<number> {
  return engine === 'postgres'
    ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
    : sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)`;
}

/** `not exists` for every column holding a file's SHA-256, about the row `stored_files` in scope. */
function unreferenced(): RawBuilder<boolean> {
  const checks = FILE_REFERENCES.filter((r) => r.holds === 'sha256').map(
    (r) =>
      sql`not exists (select 1 from ${sql.table(r.table)} as r where ${sql.ref(`r.${r.column}`)} = stored_files.sha256)`,
  );
  return sql<boolean>`(${sql.join(checks, sql` and `)})`;
}

/** A foreign key refused the statement: SQLite's code, or PostgreSQL's SQLSTATE. */
function foreignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

export interface Candidate {
  sha256: string;
  /** The put count read with it: the mark holds only if no put came since. */
  puts: number;
}

/** Every put runs it: built and compiled once (db/compiled-once.ts), as a put's cost is mostly this. */
const claimRow = compiledOnce((db, p: Params<{ sha256: string; size: number; at: number }>) =>
  db
    .insertInto('stored_files')
    .values({ sha256: p.sha256, size: p.size, puts: 1, first_put_at: p.at, last_put_at: p.at })
    .onConflict((oc) =>
      oc
        .column('sha256')
        .doUpdateSet({ puts: sql`stored_files.puts + 1`, last_put_at: p.at })
        .where('stored_files.state', '=', 'live'),
    )
    .returning('sha256'),
);

/** Rows of an address column read at once while looking for files it names. */
const ADDRESS_PAGE = 2_000;

export function fileLifetimeRepo(db: Kysely<DB>, engine: Engine) {
  const now = databaseNow(engine);

  /**
   * Marks the files `deleting` for the run `token`, each only if it is still live, past the
   * cutoff, put no more times than `puts` says, and named by no SHA-256 column; and deletes their
   * `uploads` records in the same transaction. Those records are what post_files, games and
   * upload_owners point at with foreign keys, so a reference made meanwhile either lands first
   * (the delete fails and nothing is marked) or is refused. Answers the marked files.
   */
  async function mark(
    files: Candidate[],
    { token, cutoff }: { token: string; cutoff: number },
  ): Promise<{ sha256: string; size: number }[]> {
    if (files.length === 0) return [];
    const pairs = sql.join(files.map((f) => sql`(${f.sha256}, ${f.puts})`));
    try {
      return await db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable('stored_files')
          .set({ state: 'deleting', marked_by: token, marked_at: now })
          .where('state', '=', 'live')
          .where('last_put_at', '<=', cutoff)
          .where(sql<boolean>`(sha256, puts) in (${pairs})`)
          .where(unreferenced())
          .returning(['sha256', 'size'])
          .execute();
        if (marked.length > 0) {
          await trx
            .deleteFrom('uploads')
            .where(
              'sha256',
              'in',
              marked.map((m) => m.sha256),
            )
            .execute();
        }
        return marked.map((m) => ({ sha256: m.sha256, size: Number(m.size) }));
      });
    } catch (err) {
      if (!foreignKeyViolation(err)) throw err;
      // One of them gained a reference as it was being marked: the others one at a time.
      if (files.length === 1) return [];
      const marked: { sha256: string; size: number }[] = [];
      for (const file of files) marked.push(...(await mark([file], { token, cutoff })));
      return marked;
    }
  }

  return {
    mark,

    /**
     * A put's claim: the row made, or its count moved on with `last_put_at` now, unless it is
     * marked `deleting`. Answers false then, and the put waits for the row to go.
     */
    async claim(sha256: string, size: number, at: number): Promise<boolean> {
      return (await claimRow(db, { sha256, size, at })).length > 0;
    },

    /** Takes back a mark older than `leaseMs` (its sweep died or stalled), as a put of the file. */
    async takeBack(sha256: string, at: number, leaseMs: number): Promise<boolean> {
      const done = await db
        .updateTable('stored_files')
        .set({ state: 'live', marked_by: null, marked_at: null, puts: sql`puts + 1`, last_put_at: at })
        .where('sha256', '=', sha256)
        .where('state', '=', 'deleting')
        .where('marked_at', '<', sql<number>`${now} - ${leaseMs}`)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },

    /** Every lapsed mark made live again, so its file is weighed afresh. */
    async takeBackLapsed(leaseMs: number): Promise<number> {
      const done = await db
        .updateTable('stored_files')
        .set({ state: 'live', marked_by: null, marked_at: null })
        .where('state', '=', 'deleting')
        .where('marked_at', '<', sql<number>`${now} - ${leaseMs}`)
        .executeTakeFirst();
      return Number(done.numUpdatedRows);
    },

    /**
     * Up to `limit` live files, after `after` in hash order, last put at or before `cutoff`, that
     * no SHA-256 column names. One statement: an index lookup per reference column and row.
     */
    candidates: async ({ cutoff, after, limit }: { cutoff: number; after: string; limit: number }) =>
      (
        await db
          .selectFrom('stored_files')
          .select(['sha256', 'puts'])
          .where('state', '=', 'live')
          .where('last_put_at', '<=', cutoff)
          .where('sha256', '>', after)
          .where(unreferenced())
          .orderBy('sha256')
          .limit(limit)
          .execute()
      ).map((row): Candidate => ({ sha256: row.sha256, puts: Number(row.puts) })),

    /**
     * Which of `wanted` an address column names, reading the rows that name any stored file in
     * pages of the table's key.
     */
    async addressed(reference: Extract<FileReference, { holds: 'address' }>, wanted: Set<string>) {
      const found = new Set<string>();
      const key = sql.ref(reference.key);
      const column = sql.ref(reference.column);
      let last: string | number | null = null;
      for (;;) {
        const page: { rows: { k: string | number; v: string }[] } = await sql<{
          k: string | number;
          v: string;
        }>`
          select ${key} as k, ${column} as v from ${sql.table(reference.table)}
          where ${column} like ${FILE_ADDRESS_LIKE} ${last === null ? sql`` : sql`and ${key} > ${last}`}
          order by ${key} limit ${ADDRESS_PAGE}`.execute(db);
        for (const { v } of page.rows) {
          for (const match of v.matchAll(FILE_ADDRESS)) if (wanted.has(match[1]!)) found.add(match[1]!);
        }
        if (page.rows.length < ADDRESS_PAGE || found.size === wanted.size) return found;
        last = page.rows.at(-1)!.k;
      }
    },

    /** The rows of files whose bytes are gone, if still marked by this run. */
    async forget(sha256s: string[], token: string): Promise<void> {
      if (sha256s.length === 0) return;
      await db
        .deleteFrom('stored_files')
        .where('marked_by', '=', token)
        .where('sha256', 'in', sha256s)
        .execute();
    },

    /** This run's marks made live again: files it did not (or could not) delete. */
    async unmark(sha256s: string[], token: string): Promise<void> {
      if (sha256s.length === 0) return;
      await db
        .updateTable('stored_files')
        .set({ state: 'live', marked_by: null, marked_at: null })
        .where('marked_by', '=', token)
        .where('sha256', 'in', sha256s)
        .execute();
    },

    census: () =>
      db.selectFrom('stored_file_census').selectAll().where('name', '=', 'store').executeTakeFirstOrThrow(),

    async setCensus(values: { cursor: string | null; started_at?: number; finished_at: number | null }) {
      await db.updateTable('stored_file_census').set(values).where('name', '=', 'store').execute();
    },

    /** Rows for listed files that have none, as if put now; answers the files given one. */
    async adopt(
      files: { sha256: string; size: number; modifiedAt: number }[],
      at: number,
    ): Promise<string[]> {
      if (files.length === 0) return [];
      const added = await db
        .insertInto('stored_files')
        .values(
          files.map((f) => ({
            sha256: f.sha256,
            size: f.size,
            puts: 0,
            first_put_at: Math.min(f.modifiedAt, at),
            last_put_at: at,
          })),
        )
        .onConflict((oc) => oc.column('sha256').doNothing())
        .returning('sha256')
        .execute();
      return added.map((row) => row.sha256);
    },

    /**
     * The census's rows for files found gone right after: each only while no put has claimed it
     * (`puts` still 0) and no sweep has marked it. Answers how many went.
     */
    async unadopt(sha256s: string[]): Promise<number> {
      if (sha256s.length === 0) return 0;
      const done = await db
        .deleteFrom('stored_files')
        .where('sha256', 'in', sha256s)
        .where('puts', '=', 0)
        .where('state', '=', 'live')
        .executeTakeFirst();
      return Number(done.numDeletedRows);
    },
  };
}
export type FileLifetimeRepo = ReturnType<typeof fileLifetimeRepo>;
