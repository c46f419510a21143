import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect';

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, _d: Dialect): Promise<void> {
  // The inbox pages newest first by keyset; news about a comment goes when the comment does.
  await db.schema.createIndex('news_user_new').on('news').columns(['user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('news_ref').on('news').columns(['ref_type', 'ref_id']).execute();
  // "Following" pages newest first, like "followers" does over follows_followee.
  await db.schema
    .createIndex('follows_follower_new')
    .on('follows')
    .columns(['follower_id', 'created_at', 'followee_id'])
    .execute();
  await db.schema
    .createIndex('blacklist_user_new')
    .on('blacklist')
    .columns(['user_id', 'created_at', 'blocked_id'])
    .execute();
}
