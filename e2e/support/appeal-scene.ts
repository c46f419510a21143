import { type DataOf, type EndpointDef, endpoints, type PayloadOf } from '@pixelhall/contract';
import { openDatabase } from '@pixelhall/server/src/db/database';
import { LOCAL_ORIGIN } from '@pixelhall/server/src/features/sessions/origin';
import { sessionsRepo } from '@pixelhall/server/src/features/sessions/repo';
import { sessionsService } from '@pixelhall/server/src/features/sessions/service';
import { staffService } from '@pixelhall/server/src/features/staff/service';

const DAY = 86_400_000;

/** What stageAppealScene made: an administrator's session, whose appeals queue has one open appeal. */
export interface AppealScene {
  /** Ada, an administrator: she removed Lee's post, and Lee appealed it. */
  adminToken: string;
  /** Lee, whose post Ada removed and who appealed it (an open appeal). */
  lee: { id: number; token: string };
}

/**
 * Appeals, staged through the real API as members and staff would (docs/product/moderation.md#appeals):
 * Ada, an administrator, removes a post of Lee's, and Lee appeals it (open in every administrator's
 * queue). Given an appellant with a removal of their own (Sam of support/moderation-scene.ts), they
 * appeal it too and Ada denies it with an answer, so their notices show a removal answered and a
 * suspension still open to appeal. Every name is new each time, so it can be staged more than once
 * in one database.
 */
export async function stageAppealScene(
  serverUrl: string,
  databaseUrl: string,
  appellantToken?: string,
): Promise<AppealScene> {
  const cast = await castOf(databaseUrl);
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
  const ada = as(cast.ada.token);
  const lee = as(cast.lee.token);
  const { posts, moderation, appeals } = endpoints;

  if (appellantToken) {
    const appellant = as(appellantToken);
    const notices = await appellant(appeals.myModeration, { page: 1, num: 50 });
    const removal = notices.list.find((n) => n.appealable && n.action.action === 'remove_post');
    if (!removal) throw new Error('the appellant has no removal to appeal');
    const appeal = await appellant(appeals.appealCreate, {
      action_id: removal.action.id,
      message: 'I only asked who wanted to swap carts, nobody paid anyone. Could you look again?',
    });
    await ada(appeals.modAppealsAnswer, {
      id: appeal.id,
      grant: false,
      answer: 'The post named prices in gold for real money. Swaps are welcome in the trading topic.',
    });
  }

  await lee(endpoints.tasks.startUp, { type: 1, authLogin: true });
  const post = await lee(posts.createPost, {
    topic_id: cast.topicId,
    text: 'My cousin’s shop repairs old handhelds: new screens, new shells, fair prices. Ask me for the address!',
  });
  const removal = await ada(moderation.modRemove, {
    target: 'post',
    id: post.id,
    reason: 'Advertising a shop',
  });
  await lee(appeals.appealCreate, {
    action_id: removal.action_id,
    message:
      'It is not my shop and I earn nothing from it. Three people asked me where I had my screen fixed.',
  });
  return { adminToken: cast.ada.token, lee: cast.lee };
}

/** Ada (made an administrator as `npm run ops -- roles:grant` does) and Lee, with sessions, and a topic open to all. */
async function castOf(databaseUrl: string) {
  const database = openDatabase(databaseUrl);
  try {
    const now = Date.now();
    const tag = `${now.toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
    const sessions = sessionsService({
      repo: sessionsRepo(database.db),
      policy: { idleMs: DAY, maxMs: DAY },
    });
    const person = async (username: string, nickname: string, level: number, ageDays: number) => {
      const { id } = await database.db
        .insertInto('users')
        .values({ username, nickname, level, created_at: now - ageDays * DAY, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(id), token: (await sessions.create(Number(id), LOCAL_ORIGIN)).token };
    };
    const adaName = `ada_${tag}`.slice(0, 20);
    const ada = await person(adaName, 'Ada', 30, 900);
    await staffService({ db: database.db }).grantByOperator(adaName, 'admin', []);
    const lee = await person(`lee_${tag}`.slice(0, 20), 'Lee', 8, 150);
    const topic = await database.db
      .selectFrom('topics')
      .select('id')
      .where('name', '=', 'Pixelhall lounge')
      .executeTakeFirstOrThrow();
    return { ada, lee, topicId: Number(topic.id) };
  } finally {
    await database.close();
  }
}
