import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema';

/** The `scheduled_jobs` rows: each job's next period, and who ran its last one. */
export function scheduledJobsRepo(db: Kysely<DB>) {
  return {
    /**
     * Takes the period that is due at `now` for `runner`, and answers whether it got it. One
     * conditional update: of servers racing for the same period, the first moves `next_run_at`
     * past `now` and the others' condition no longer holds (PostgreSQL re-reads the row it
     * waited for; SQLite runs one write at a time). The row is made on the first claim, due.
     */
    async claim({
      name,
      intervalMs,
      now,
      runner,
    }: {
      name: string;
      intervalMs: number;
      now: number;
      runner: string;
    }): Promise<boolean> {
      await db
        .insertInto('scheduled_jobs')
        .values({ name, next_run_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const claimed = await db
        .updateTable('scheduled_jobs')
        .set({
          next_run_at: now + intervalMs,
          last_run_at: now,
          last_runner: runner,
          runs: sql`runs + 1`,
        })
        .where('name', '=', name)
        .where('next_run_at', '<=', now)
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    },

    /** When the job's next period starts, or null before its first claim. */
    async nextRunAt(name: string): Promise<number | null> {
      const row = await db
        .selectFrom('scheduled_jobs')
        .select('next_run_at')
        .where('name', '=', name)
        .executeTakeFirst();
      return row ? Number(row.next_run_at) : null;
    },

    async find(name: string) {
      const row = await db
        .selectFrom('scheduled_jobs')
        .selectAll()
        .where('name', '=', name)
        .executeTakeFirst();
      return row
        ? {
            ...row,
            next_run_at: Number(row.next_run_at),
            last_run_at: row.last_run_at === null ? null : Number(row.last_run_at),
            runs: Number(row.runs),
          }
        : null;
    },
  };
}
export type ScheduledJobsRepo = ReturnType<typeof scheduledJobsRepo>;
