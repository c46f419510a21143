import { endpoints } from '@pixelhall/contract';
import { openDatabase } from '@pixelhall/server/src/db/database';
import { OPEN_TOPIC } from './community';

/**
 * Has the member follow the demo world's open topic through the API, so Home leads with the
 * synthetic YOURS tab (docs/product/posts-and-feeds.md#home-tabs) in the member's pictures.
 */
export async function followOpenTopic(
  serverUrl: string,
  databaseUrl: string,
  memberToken: string,
): Promise<void> {
  const database = openDatabase(databaseUrl);
  let id: number;
  try {
    const topic = await database.db
      .selectFrom('topics')
      .select('id')
      .where('name', '=', OPEN_TOPIC)
      .executeTakeFirstOrThrow();
    id = Number(topic.id);
  } finally {
    await database.close();
  }
  const { topicFollow } = endpoints.topics;
  const response = await fetch(`${serverUrl}/api/${topicFollow.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${memberToken}` },
    body: JSON.stringify({ id, follow: true }),
  });
  const envelope = (await response.json()) as { code: number; msg: string };
  if (envelope.code !== 1) throw new Error(`${topicFollow.path}: ${envelope.msg}`);
}
