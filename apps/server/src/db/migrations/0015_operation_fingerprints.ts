import type { Kysely } from 'kysely';

/**
 * A ledger operation keeps a fingerprint of what it was asked to do (docs/product/economy.md,
 * "Idempotency"), so a request id sent again with other parameters is refused instead of
 * answered as the first. Operations recorded before have none and replay as they always did.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ledger_operations').addColumn('fingerprint', 'text').execute();
}
