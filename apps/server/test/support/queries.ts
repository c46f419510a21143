import { CompiledQuery, type KyselyPlugin } from 'kysely';
import type { Database } from '../../src/db/database';

/**
 * Records every query run through the returned `db`, as the SQL and parameters it ran with, to
 * count them and read their plans. Recorded where queries run, not where they are compiled:
 * hot queries are compiled once and run many times (src/db/compiled-once.ts).
 */
export function recordQueries(database: Database) {
  const queries: CompiledQuery[] = [];
  // A plugin that changes nothing gives the returned db an executor of its own to watch.
  const passThrough: KyselyPlugin = {
    transformQuery: ({ node }) => node,
    transformResult: async ({ result }) => result,
  };
  const db = database.db.withPlugin(passThrough);
  const executor = db.getExecutor();
  const run = executor.executeQuery.bind(executor);
  executor.executeQuery = <R>(query: CompiledQuery<R>) => {
    queries.push(query);
    return run(query);
  };
  return {
    queries,
    db,
    /** The queries recorded so far, as SQL with their parameters. */
    compiled: () => [...queries],
  };
}

/** SQLite's `explain query plan` of a query, a line a step. */
export async function queryPlan(database: Database, query: CompiledQuery): Promise<string[]> {
  const { rows } = await database.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  return rows.map((r) => r.detail);
}
