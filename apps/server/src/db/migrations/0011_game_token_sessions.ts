import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * A game token dies with the session that minted it: each one names its session, and is resolved
 * only while that session is live. Tokens made before this carry no session; they live 30
 * minutes, so they are dropped rather than guessed at, and the table is made anew with the column
 * required (SQLite cannot add a NOT NULL column without a default).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  await db.schema.dropTable('game_tokens').execute();
  await db.schema
    .createTable('game_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', d.bigint, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id', d.bigint, (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('expires_at', d.bigint, (c) => c.notNull())
    .addColumn('created_at', d.bigint, (c) => c.notNull())
    .execute();
}
