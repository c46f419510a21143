import { openDatabase } from '@pixelhall/server/src/db/database';

/**
 * Posts of the demo world that show one thing each, found by what they hold because the seed's
 * ids are not fixed: the one with the most pictures, one with files to download, a paid one and
 * one in an adult topic. Keys are the placeholders the screenshot list uses.
 */
export async function showcasePosts(databaseUrl: string): Promise<Record<string, string>> {
  const database = openDatabase(databaseUrl);
  const { db } = database;
  try {
    const pictures = await db
      .selectFrom('post_files')
      .select(['post_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('mime', 'like', 'image/%')
      .groupBy('post_id')
      .orderBy('n', 'desc')
      .orderBy('post_id')
      .executeTakeFirst();
    const files = await db
      .selectFrom('post_files')
      .innerJoin('posts', 'posts.id', 'post_files.post_id')
      .select('post_files.post_id')
      .where('post_files.mime', 'not like', 'image/%')
      .where('posts.price', '=', 0)
      .orderBy('post_files.post_id')
      .executeTakeFirst();
    const paid = await db
      .selectFrom('posts')
      .select('id')
      .where('price', '>', 0)
      .orderBy('id')
      .executeTakeFirst();
    const adult = await db
      .selectFrom('posts')
      .innerJoin('topics', 'topics.id', 'posts.topic_id')
      .select('posts.id')
      .where('topics.min_age', '>', 0)
      .orderBy('posts.id')
      .executeTakeFirst();
    const id = (row: { post_id: number } | { id: number } | undefined) =>
      String(row ? ('post_id' in row ? row.post_id : row.id) : 0);
    return {
      __POST_PICTURES__: id(pictures),
      __POST_FILES__: id(files),
      __POST_PAID__: id(paid),
      __POST_ADULT__: id(adult),
    };
  } finally {
    await database.close();
  }
}
