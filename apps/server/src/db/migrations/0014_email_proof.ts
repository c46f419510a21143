import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * E-mail addresses become a member's only once proven (docs/product/accounts-and-sessions.md,
 * "E-mail addresses"). `users.email` keeps only proven addresses (unique, as before); an address
 * claimed but not proven waits in `users.pending_email`, which several members may hold at once.
 * `email_proofs` keeps the mailed codes, hashed.
 *
 * Addresses already stored were never proven, and a squatter's claim must not survive the upgrade,
 * so they become pending, except where the address was proven after all: a linked provider
 * verified it for the same member, or it is at the seed's reserved demo domain, which no mailbox
 * can have (RFC 2606).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await db.schema.alterTable('users').addColumn('pending_email', 'text').execute();
  await db.schema.createIndex('users_pending_email').on('users').column('pending_email').execute();

  await d
    .withId(db.schema.createTable('email_proofs'))
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .addColumn('expires_at', d.bigint, (c) => c.notNull())
    .addColumn('used_at', d.bigint)
    .execute();
  await db.schema.createIndex('email_proofs_code_hash').on('email_proofs').column('code_hash').execute();
  await db.schema.createIndex('email_proofs_user').on('email_proofs').column('user_id').execute();

  const provenByProvider = sql`exists (select 1 from identities i
                                        where i.user_id = users.id and i.email = users.email)`;
  await sql`update users set pending_email = email, email = null
            where email is not null
              and email not like '%@pixelhall.example'
              and not ${provenByProvider}`.execute(db);
}
