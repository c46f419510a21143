import { type EndpointDef, endpoints } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGame, upsertEmulator } from '../src/features/games/catalogue';
import { createFileStore } from '../src/features/uploads/storage';
import { HOMEBREWS, homebrewRom } from '../src/seed/games/homebrew';
import { buildTestApp, call, type TestApp } from './helper';
import { insertTopic } from './support/community';
import { insertPost } from './support/social';

/**
 * Toggles a member sends all at once (a double tap repeated, a client retrying) take turns on
 * both engines: each flips the state the one before it left, so the answers are half "on" and
 * half "off", each answer's count is that of the state it made, and the stored state and counter
 * agree with the last answer.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestApp['make']['member']>>;

interface Toggle {
  def: EndpointDef;
  payload: Record<string, unknown>;
  /** The answer's state and count fields. */
  state: string;
  count: string;
  /** The member's rows and the target's stored counter now. */
  stored(): Promise<{ rows: number; counter: number }>;
}

/** Fires `n` toggles at once; answers [state, count] pairs in no particular order. */
async function burst(toggle: Toggle, member: Member, n: number): Promise<[boolean, number][]> {
  const answers = await Promise.all(
    Array.from({ length: n }, () => call(t.app, toggle.def, toggle.payload, { token: member.token })),
  );
  return answers.map(({ body }) => {
    expect(body, JSON.stringify(body)).toMatchObject({ code: 1 });
    const data = body.data as Record<string, unknown>;
    return [data[toggle.state] as boolean, Number(data[toggle.count])];
  });
}

/** Fifty toggles from "off" end "off"; forty-nine more end "on". */
async function expectSerialised(toggle: Toggle, member: Member) {
  for (const [n, on] of [
    [50, 25],
    [49, 25],
  ] as const) {
    const answers = await burst(toggle, member, n);
    expect(answers.filter(([state]) => state)).toHaveLength(on);
    for (const [state, count] of answers) expect(count).toBe(state ? 1 : 0);
    const final = n % 2 === 0 ? 0 : 1;
    expect(await toggle.stored()).toEqual({ rows: final, counter: final });
  }
}

async function rowsOf(
  table: 'post_likes' | 'comment_likes' | 'follows' | 'topic_follows' | 'game_favourites',
) {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('fifty toggles by one member at once', () => {
  it('take turns on a post like', async () => {
    const author = await t.make.member();
    const fan = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    await expectSerialised(
      {
        def: endpoints.posts.likePost,
        payload: { id: post.id },
        state: 'liked',
        count: 'like_count',
        stored: async () => ({
          rows: await rowsOf('post_likes'),
          counter: (
            await t.database.db
              .selectFrom('posts')
              .select('like_count')
              .where('id', '=', post.id)
              .executeTakeFirstOrThrow()
          ).like_count,
        }),
      },
      fan,
    );
  });

  it('take turns on a comment like', async () => {
    const author = await t.make.member();
    const fan = await t.make.member();
    const post = await insertPost(t.database, author.user.id);
    const { body } = await call(
      t.app,
      endpoints.comments.postComment,
      { post_id: post.id, text: 'First!' },
      { token: author.token },
    );
    const commentId = (body.data as { id: number }).id;
    await expectSerialised(
      {
        def: endpoints.comments.likeComment,
        payload: { id: commentId },
        state: 'liked',
        count: 'like_count',
        stored: async () => ({
          rows: await rowsOf('comment_likes'),
          counter: (
            await t.database.db
              .selectFrom('comments')
              .select('like_count')
              .where('id', '=', commentId)
              .executeTakeFirstOrThrow()
          ).like_count,
        }),
      },
      fan,
    );
  });

  it('take turns on following a member', async () => {
    const star = await t.make.member();
    const fan = await t.make.member();
    await expectSerialised(
      {
        def: endpoints.follows.userFollow,
        payload: { user_id: star.user.id },
        state: 'followed',
        count: 'follower_count',
        stored: async () => {
          const counts = await t.database.db
            .selectFrom('users')
            .select(['id', 'follower_count', 'following_count'])
            .where('id', 'in', [star.user.id, fan.user.id])
            .execute();
          const of = (id: number) => counts.find((c) => Number(c.id) === id)!;
          // The follower's own counter moves with the followee's.
          expect(of(fan.user.id).following_count).toBe(of(star.user.id).follower_count);
          return { rows: await rowsOf('follows'), counter: of(star.user.id).follower_count };
        },
      },
      fan,
    );
  });

  it('take turns on following a topic', async () => {
    const fan = await t.make.member();
    const topicId = await insertTopic(t.database, { name: 'Speedrun routes' });
    await expectSerialised(
      {
        def: endpoints.topics.topicFollow,
        payload: { id: topicId },
        state: 'followed',
        count: 'follower_count',
        stored: async () => ({
          rows: await rowsOf('topic_follows'),
          counter: (
            await t.database.db
              .selectFrom('topics')
              .select('follower_count')
              .where('id', '=', topicId)
              .executeTakeFirstOrThrow()
          ).follower_count,
        }),
      },
      fan,
    );
  });

  it('take turns on collecting a game', async () => {
    const fan = await t.make.member();
    const emulator = {
      emulator_uid: 'nes',
      emulator_name: 'NES',
      icon_url_text: '/nes.webp',
      platform: 'NES',
      core_name: 'fceumm',
      extensions: ['nes'],
    };
    await upsertEmulator(t.database.db, emulator, 0);
    const { id: gameId } = await addGame(t.database.db, createFileStore(t.config.uploadDir), {
      name: 'Tile Garden',
      romName: 'tile-garden.nes',
      rom: homebrewRom(HOMEBREWS[0]!),
      emulator,
      genre: 'puzzle',
      uploadTime: t.clock.now,
    });
    await expectSerialised(
      {
        def: endpoints.games.gameCollect,
        payload: { id: gameId },
        state: 'is_collected',
        count: 'favourite_count',
        stored: async () => ({
          rows: await rowsOf('game_favourites'),
          counter: (
            await t.database.db
              .selectFrom('games')
              .select('favourite_count')
              .where('id', '=', gameId)
              .executeTakeFirstOrThrow()
          ).favourite_count,
        }),
      },
      fan,
    );
  });
});
