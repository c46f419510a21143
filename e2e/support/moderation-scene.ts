import { type DataOf, type EndpointDef, endpoints, type PayloadOf } from '@pixelhall/contract';
import { openDatabase } from '@pixelhall/server/src/db/database';
import { LOCAL_ORIGIN } from '@pixelhall/server/src/features/sessions/origin';
import { sessionsRepo } from '@pixelhall/server/src/features/sessions/repo';
import { sessionsService } from '@pixelhall/server/src/features/sessions/service';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** What stageModerationScene made: Sam's session, his posts, and the banned member's log-in. */
export interface ModerationScene {
  /** Sam, suspended for three days, warned once, author of the posts below. */
  token: string;
  /** Placeholders of the screenshot scenes: Sam's removed, held and locked posts. */
  placeholders: { __POST_REMOVED__: string; __POST_HELD__: string; __POST_LOCKED__: string };
  /** A spam account a moderator banned, with the password it registered with. */
  banned: { username: string; password: string };
}

/**
 * What members see of moderation, staged through the real API as a moderator of every topic acts:
 * Sam's post removed, another held for review, his third post's comments locked after a spam
 * account's comment on it was removed, that account banned, and Sam warned, then suspended for
 * three days. His posts are dated a month back, so the locked one stays out of the top of
 * everyone else's feeds (removed and held ones leave the feeds anyway). Every name is new each
 * time, so the scene can be staged more than once in one database.
 */
export async function stageModerationScene(serverUrl: string, databaseUrl: string): Promise<ModerationScene> {
  const cast = await castOf(databaseUrl);
  const as =
    (token: string | null) =>
    async <E extends EndpointDef>(def: E, payload: PayloadOf<E>): Promise<DataOf<E>> => {
      const response = await fetch(`${serverUrl}/${def.base}/${def.path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(payload),
      });
      const envelope = (await response.json()) as { code: number; msg: string; data: DataOf<E> };
      if (envelope.code !== 1) throw new Error(`${def.path}: ${envelope.msg}`);
      return envelope.data;
    };
  const sam = as(cast.samToken);
  const moderator = as(cast.moderatorToken);
  // The day's check-in celebrates once a day; done here so it does not cover the screens.
  await sam(endpoints.tasks.startUp, { type: 1, authLogin: true });

  const removed = await sam(endpoints.posts.createPost, {
    topic_id: cast.topicId,
    text: 'Selling rare carts cheap, and gold for real money. DM me for a price list!',
  });
  const held = await sam(endpoints.posts.createPost, {
    topic_id: cast.topicId,
    text: 'My speedrun route for the second castle, with the skip that saves 12 seconds.',
  });
  const locked = await sam(endpoints.posts.createPost, {
    topic_id: cast.topicId,
    text: 'Which handheld had the best screen of the 90s? Wrong answers only.',
  });

  const password = 'spam spam spam';
  const username = `spamcart${Date.now().toString(36)}`.slice(0, 20);
  const bot = await as(null)(endpoints.auth.register, {
    username,
    email: `${username}@example.org`,
    password,
  });
  const spam = await as(bot.token)(endpoints.comments.postComment, {
    post_id: locked.id,
    text: 'FREE GOLD at my page!!! Click now',
  });

  const database = openDatabase(databaseUrl);
  try {
    const month = Date.now() - 30 * DAY;
    await database.db
      .updateTable('posts')
      .set({ created_at: month, updated_at: month })
      .where('id', 'in', [removed.id, held.id, locked.id])
      .execute();
    // Held as a filter or a new member's link holds a post (features/content-filters).
    await database.db
      .updateTable('posts')
      .set({ held_at: month, held_reason: 'A new member posting a link' })
      .where('id', '=', held.id)
      .execute();
  } finally {
    await database.close();
  }

  await moderator(endpoints.moderation.modRemove, {
    target: 'comment',
    id: spam.id,
    reason: 'Spam: advertising gold sellers',
  });
  await moderator(endpoints.sanctions.modSanction, {
    user_id: bot.user.id,
    kind: 'ban',
    reason: 'An account made only to advertise gold sellers',
  });
  await moderator(endpoints.moderation.modLock, {
    post_id: locked.id,
    locked: true,
    reason: 'The thread turned into insults',
  });
  await moderator(endpoints.sanctions.modSanction, {
    user_id: cast.samId,
    kind: 'warn',
    reason: 'Please keep trades out of the lounge',
  });
  await moderator(endpoints.moderation.modRemove, {
    target: 'post',
    id: removed.id,
    reason: 'Trading gold for real money is not allowed',
  });
  await moderator(endpoints.sanctions.modSanction, {
    user_id: cast.samId,
    kind: 'suspend',
    reason: 'Trading gold again after a warning',
    hours: 72,
  });
  return {
    token: cast.samToken,
    placeholders: {
      __POST_REMOVED__: String(removed.id),
      __POST_HELD__: String(held.id),
      __POST_LOCKED__: String(locked.id),
    },
    banned: { username, password },
  };
}

/** Sam and a moderator of every topic (as `roles:grant … moderator` makes one), with sessions, and a topic open to all. */
async function castOf(databaseUrl: string) {
  const database = openDatabase(databaseUrl);
  try {
    const now = Date.now();
    const tag = `${now.toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
    const sam = await database.db
      .insertInto('users')
      .values({
        username: `sam_${tag}`.slice(0, 20),
        nickname: 'Sam',
        level: 9,
        created_at: now - 200 * DAY,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const moderator = await database.db
      .insertInto('users')
      .values({
        username: `mod_${tag}`.slice(0, 20),
        nickname: 'Mod Mo',
        level: 20,
        role: 'moderator',
        role_granted_at: now - HOUR,
        created_at: now - 500 * DAY,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const topic = await database.db
      .selectFrom('topics')
      .select('id')
      .where('name', '=', 'Pixelhall lounge')
      .executeTakeFirstOrThrow();
    const sessions = sessionsService({
      repo: sessionsRepo(database.db),
      policy: { idleMs: DAY, maxMs: DAY },
    });
    return {
      samId: Number(sam.id),
      samToken: (await sessions.create(Number(sam.id), LOCAL_ORIGIN)).token,
      moderatorToken: (await sessions.create(Number(moderator.id), LOCAL_ORIGIN)).token,
      topicId: Number(topic.id),
    };
  } finally {
    await database.close();
  }
}
