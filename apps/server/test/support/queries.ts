import { CompiledQuery, createQueryId, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { Database } from '../../src/db/database';

/** Records every query run through the returned `db`, to count them and read their plans. */
export function recordQueries(database: Database) {
  const nodes: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node }) => {
      nodes.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const executor = database.db.getExecutor();
  return {
    nodes,
    db: database.db.withPlugin(plugin),
    /** The queries recorded so far, as SQL with their parameters. */
    compiled: () => nodes.map((node) => executor.compileQuery(node, createQueryId())),
  };
}

/** SQLite's `explain query plan` of a query, a line a step. */
export async function queryPlan(database: Database, query: CompiledQuery): Promise<string[]> {
  const { rows } = await database.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  return rows.map((r) => r.detail);
}
