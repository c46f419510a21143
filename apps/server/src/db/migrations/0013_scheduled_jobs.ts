import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * One row per scheduled job: when its next period starts and who ran the last one. A server
 * claims a period by moving `next_run_at` forward with a conditional update, so each period runs
 * once in the whole cluster (docs/internals/scheduled-work.md).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', d.bigint, (c) => c.notNull())
    .addColumn('last_run_at', d.bigint)
    .addColumn('last_runner', 'text')
    .addColumn('runs', d.bigint, (c) => c.notNull().defaultTo(0))
    .execute();
}
