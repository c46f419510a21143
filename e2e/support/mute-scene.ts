import { type DataOf, type EndpointDef, endpoints, type PayloadOf } from '@pixelhall/contract';
import { openDatabase } from '@pixelhall/server/src/db/database';
import { LOCAL_ORIGIN } from '@pixelhall/server/src/features/sessions/origin';
import { sessionsRepo } from '@pixelhall/server/src/features/sessions/repo';
import { sessionsService } from '@pixelhall/server/src/features/sessions/service';

const DAY = 86_400_000;

/**
 * Gives a signed-in member mutes to look at, through the real API: a demo member muted for a week
 * and words muted in English and Japanese, and a member of their own (Mika) whose one post holds
 * the Japanese word, so it comes folded on Mika's page. Mika's post is dated a month back, so it
 * stays out of the top of everyone else's feeds. Answers the placeholder of Mika's page.
 */
export async function stageMuteScene(
  serverUrl: string,
  databaseUrl: string,
  muterToken: string,
): Promise<{ __MUTE_AUTHOR__: string }> {
  const { mikaId, mikaToken, rosaId, topicId } = await cast(databaseUrl);
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
  const muter = as(muterToken);
  const post = await as(mikaToken)(endpoints.posts.createPost, {
    topic_id: topicId,
    text: '最終回のネタバレを書きます。見たくない人は閉じてね!',
  });
  const database = openDatabase(databaseUrl);
  try {
    const month = Date.now() - 30 * DAY;
    await database.db
      .updateTable('posts')
      .set({ created_at: month, updated_at: month })
      .where('id', '=', post.id)
      .execute();
  } finally {
    await database.close();
  }
  await muter(endpoints.mutes.muteUser, { user_id: rosaId, duration: 'week' });
  await muter(endpoints.mutes.muteWord, { phrase: 'final boss' });
  await muter(endpoints.mutes.muteWord, { phrase: 'ネタバレ' });
  return { __MUTE_AUTHOR__: String(mikaId) };
}

/** Mika, made here with a session, the demo member to mute, and a topic open to all. */
async function cast(databaseUrl: string) {
  const database = openDatabase(databaseUrl);
  try {
    const now = Date.now();
    const rosa = await database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'retrorosa')
      .executeTakeFirstOrThrow();
    const mika = await database.db
      .insertInto('users')
      .values({
        username: 'mika_memo',
        nickname: 'Mika',
        signature: 'アニメとレトロゲーム',
        level: 6,
        created_at: now - 90 * DAY,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A topic anyone may post in, as the demo world has.
    const topic = await database.db
      .selectFrom('topics')
      .select('id')
      .where('min_level', '<=', 1)
      .where('min_age', '=', 0)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const sessions = sessionsService({
      repo: sessionsRepo(database.db),
      policy: { idleMs: DAY, maxMs: DAY },
    });
    const mikaToken = (await sessions.create(Number(mika.id), LOCAL_ORIGIN)).token;
    return { mikaId: Number(mika.id), mikaToken, rosaId: Number(rosa.id), topicId: Number(topic.id) };
  } finally {
    await database.close();
  }
}
