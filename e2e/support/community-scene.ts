import { type DataOf, type EndpointDef, endpoints, type PayloadOf } from '@pixelhall/contract';
import { openDatabase } from '@pixelhall/server/src/db/database';
import { LOCAL_ORIGIN } from '@pixelhall/server/src/features/sessions/origin';
import { sessionsRepo } from '@pixelhall/server/src/features/sessions/repo';
import { sessionsService } from '@pixelhall/server/src/features/sessions/service';

const DAY = 86_400_000;
/** The demo world's members (seed/demo-members.ts) who take part in the scene. */
const CAST = ['pixelpat', 'chipmaru', 'retrorosa', 'bitbruno'] as const;
type Cast = (typeof CAST)[number];

/**
 * Gives a signed-in member a community life through the real API, as people using the app
 * would: posts, comments, a reply, likes, follows both ways (one of them mutual), a blocked
 * member, and the news all of that sends them. For screenshots of the member's own pages.
 */
export async function stageCommunityScene(serverUrl: string, databaseUrl: string, memberToken: string) {
  const { ids, tokens, topicId } = await castAndTopic(databaseUrl);
  const as =
    (token: string) =>
    async <E extends EndpointDef>(def: E, payload: PayloadOf<E>): Promise<DataOf<E>> => {
      const response = await fetch(`${serverUrl}/api/${def.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(payload),
      });
      const envelope = (await response.json()) as { code: number; msg: string; data: DataOf<E> };
      if (envelope.code !== 1) throw new Error(`${def.path}: ${envelope.msg}`);
      return envelope.data;
    };
  const me = as(memberToken);
  const myId = (await me(endpoints.users.getUser, {})).id;
  const pat = as(tokens.pixelpat);
  const maru = as(tokens.chipmaru);
  const rosa = as(tokens.retrorosa);
  const { posts, comments, follows } = endpoints;

  const mine = await me(posts.createPost, {
    topic_id: topicId,
    text: 'Finally cleared the water temple without a guide. Three evenings, two notebooks of maps, zero regrets.',
  });
  const theirs = await pat(posts.createPost, {
    topic_id: topicId,
    text: 'Which 16-bit soundtrack lives rent-free in your head? Mine is the first stage of Mega Man X.',
  });
  const myComment = await me(comments.postComment, {
    post_id: theirs.id,
    text: 'The intro stage of Mega Man X, every single time. That guitar riff!',
  });
  await me(comments.postComment, { post_id: theirs.id, text: 'Also: anything by Yuzo Koshiro.' });
  await me(posts.likePost, { id: theirs.id, like: true });

  await pat(posts.likePost, { id: mine.id, like: true });
  await maru(comments.postComment, {
    post_id: mine.id,
    text: 'Congrats! That boss fight is brutal the first time.',
  });
  await rosa(follows.userFollow, { user_id: myId, follow: true });
  await maru(follows.userFollow, { user_id: myId, follow: true });
  await maru(comments.replyComment, { comment_id: myComment.id, text: 'Shoryuken secret included?' });
  await rosa(comments.likeComment, { id: myComment.id, like: true });

  await me(follows.userFollow, { user_id: ids.pixelpat, follow: true });
  await me(follows.userFollow, { user_id: ids.chipmaru, follow: true });
  await me(follows.userBlack, { user_id: ids.bitbruno });
}

/** Sessions for the cast, and a topic anyone may post in (made if the world has none yet). */
async function castAndTopic(databaseUrl: string) {
  const database = openDatabase(databaseUrl);
  try {
    const rows = await database.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username', 'in', [...CAST])
      .execute();
    const ids = Object.fromEntries(rows.map((r) => [r.username, Number(r.id)])) as Record<Cast, number>;
    const sessions = sessionsService({
      repo: sessionsRepo(database.db),
      policy: { idleMs: DAY, maxMs: DAY },
    });
    const tokens = {} as Record<Cast, string>;
    for (const name of CAST) {
      if (!ids[name]) throw new Error(`the demo member ${name} is missing`);
      tokens[name] = (await sessions.create(ids[name], LOCAL_ORIGIN)).token;
    }
    return { ids, tokens, topicId: await openTopic(database) };
  } finally {
    await database.close();
  }
}

async function openTopic(database: ReturnType<typeof openDatabase>): Promise<number> {
  const topic = await database.db
    .selectFrom('topics')
    .select('id')
    .where('min_level', '<=', 1)
    .where('min_age', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  if (topic) return Number(topic.id);
  const now = Date.now();
  const category = await database.db
    .insertInto('categories')
    .values({ name: 'Community', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const made = await database.db
    .insertInto('topics')
    .values({ category_id: Number(category.id), name: 'Retro talk', created_by: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(made.id);
}
