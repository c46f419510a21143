import type { Kysely } from 'kysely';

/**
 * Where each session was begun and last used from, for the member's list of signed-in devices:
 * the device type and app version the client's headers named, and the address already shortened
 * (`203.0.113.x`, `2001:db8:85a3::/48`: features/sessions/address.ts), so the full address is
 * never stored. Sessions begun before this say nothing (null) until their next touch fills them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['device_type', 'app_version', 'address']) {
    await db.schema.alterTable('sessions').addColumn(column, 'text').execute();
  }
}
