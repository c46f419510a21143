import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Content filters (docs/internals/content-filters.md): the words, patterns and link hosts that
 * administrators keep to block a post or comment or hold a post for review. `value` is as typed,
 * `normalized` as compared (a word after NFKC and lower case, a host in lower case, a pattern as
 * typed), and one filter per kind and normalized value. `created_by` is null for an operator, and
 * becomes null when that administrator's account is erased, so the filter outlives them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await d
    .withId(db.schema.createTable('content_filters'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('normalized', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('created_by', d.bigint, (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addUniqueConstraint('content_filters_once', ['kind', 'normalized'])
    .execute();
}
