import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * "Download my data" (docs/internals/account-export.md). One row per export a member asked for:
 * pending until a server of the cluster claims it (`claimed_by`, `claim_until`: a claim that
 * outlives its server expires and is taken again), ready with its zip in the file store
 * (`file_sha256`, a reference the store's sweep respects) until `expires_at`, or failed. The
 * links are short-lived download addresses minted for the owner, stored hashed.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await d
    .withId(db.schema.createTable('account_exports'))
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    // The language of the request: the README inside the zip is written in it.
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('requested_at', d.bigint, (c) => c.notNull())
    .addColumn('started_at', d.bigint)
    .addColumn('ready_at', d.bigint)
    .addColumn('expires_at', d.bigint)
    .addColumn('file_sha256', 'text')
    .addColumn('size', d.bigint)
    .addColumn('claimed_by', 'text')
    .addColumn('claim_until', d.bigint)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The member's latest export (status, the once-a-day rule) and the job's queue.
  await db.schema
    .createIndex('account_exports_user')
    .on('account_exports')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('account_exports_state')
    .on('account_exports')
    .columns(['state', 'id'])
    .execute();

  await db.schema
    .createTable('account_export_links')
    // SHA-256 of the link's secret: a leaked table hands out no working link.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('export_id', d.bigint, (c) => c.notNull().references('account_exports.id').onDelete('cascade'))
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', d.bigint, (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_export_links_expiry')
    .on('account_export_links')
    .column('expires_at')
    .execute();
}
