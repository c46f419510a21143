import { ADULT_AGE, endpoints, type Game, PAID_TEASER_CHARS } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { addGame, upsertEmulator } from '../src/features/games/catalogue';
import { createFileStore } from '../src/features/uploads/storage';
import { translator } from '../src/i18n';
import { call } from './helper';
import { insertTopic } from './support/community';
import { economyTestApp } from './support/economy';
import type { Caller } from './support/social';

/**
 * recommend/games beside a post picks games by the text the caller may read of it (the gate's),
 * so the games never tell what a locked post hides, and an adult topic's post answers as
 * posts/detail does until the 18+ answer comes with the request.
 */

const { posts, games } = endpoints;
const en = translator('en-US');
const t = economyTestApp();

/** Exactly the teaser: both paid posts start with it, and only their hidden rest differs. */
const TEASER = 'Lanternfish dive notes, before you start';
const HIDDEN_A = ' zephyrkin gate, behind the reef.';
const HIDDEN_B = ' marrowbell cave, under the pier.';
const NUM = 3;

const names = (body: { data: unknown }) => (body.data as { list: Game[] }).list.map((g) => g.game_name);

const recommend = async (postId: number, who?: Caller, extra: Record<string, unknown> = {}) =>
  (await call(t.app, games.recommendGames, { post_id: postId, num: NUM, ...extra }, { token: who?.token }))
    .body;

async function addGames() {
  const store = createFileStore(t.config.uploadDir);
  const nes = {
    emulator_uid: 'nes',
    emulator_name: 'NES',
    icon_url_text: '/nes.webp',
    platform: 'NES',
    core_name: 'fceumm',
    extensions: ['nes'],
  };
  await upsertEmulator(t.database.db, nes, 0);
  const played: [string, number][] = [
    ['Lanternfish Tales', 5],
    ['Zephyrkin Quest', 0],
    ['Marrowbell Saga', 0],
    ['Crowd Favourite', 90],
    ['Evening Classic', 80],
  ];
  for (const [i, [name, plays]] of played.entries()) {
    const { id } = await addGame(t.database.db, store, {
      name,
      romName: `game-${i}.nes`,
      rom: Buffer.from(`a rom of ${name}`),
      emulator: nes,
      genre: 'adventure',
      uploadTime: t.clock.now,
    });
    await t.database.db.updateTable('games').set({ play_count: plays }).where('id', '=', id).execute();
  }
}

describe('recommend/games beside a post goes through the gate', () => {
  let author: Caller;
  let a: number;
  let b: number;

  it('has posts whose teasers are the same and whose hidden texts are not', async () => {
    expect(Array.from(TEASER)).toHaveLength(PAID_TEASER_CHARS);
    await addGames();
    author = await t.member();
    const topic_id = await insertTopic(t.database);
    a = (
      await t.ok<{ id: number }>(posts.createPost, { topic_id, text: TEASER + HIDDEN_A, price: 5 }, author)
    ).data.id;
    b = (
      await t.ok<{ id: number }>(posts.createPost, { topic_id, text: TEASER + HIDDEN_B, price: 5 }, author)
    ).data.id;
  });

  it('recommends the same games for both to a visitor and to a member who did not buy them', async () => {
    const member = await t.member({ gold: 100 });
    for (const who of [undefined, member]) {
      const [forA, forB] = [await recommend(a, who), await recommend(b, who)];
      expect(forA.code).toBe(1);
      expect(names(forA)).toEqual(['Lanternfish Tales', 'Crowd Favourite', 'Evening Classic']);
      expect(names(forB)).toEqual(names(forA));
    }
  });

  it('reads the whole text for its author and for a member who unlocked it', async () => {
    const buyer = await t.member({ gold: 100 });
    await t.ok(posts.payLink, { id: a }, buyer);
    for (const who of [author, buyer]) {
      expect(names(await recommend(a, who))).toEqual([
        'Lanternfish Tales',
        'Zephyrkin Quest',
        'Crowd Favourite',
      ]);
    }
    expect(names(await recommend(b, author))).toEqual([
      'Lanternfish Tales',
      'Marrowbell Saga',
      'Crowd Favourite',
    ]);
    expect(names(await recommend(b, buyer))).toEqual(names(await recommend(b)));
  });

  it("answers an adult topic's post as posts/detail does until the 18+ answer comes with it", async () => {
    const topic_id = await insertTopic(t.database, { minAge: ADULT_AGE });
    const adult = (
      await t.ok<{ id: number }>(posts.createPost, { topic_id, text: 'Zephyrkin after dark' }, author)
    ).data.id;
    const reader = await t.member();
    const refusal = { code: 0, msg: en('errors.adult_confirm'), data: null, reason: 'errors.adult_confirm' };
    for (const who of [undefined, reader]) {
      const detail = (await call(t.app, posts.postDetail, { id: adult }, { token: who?.token })).body;
      expect(detail).toEqual(refusal);
      expect(await recommend(adult, who)).toEqual(refusal);
      expect(await recommend(adult, who, { adult_confirmed: false })).toEqual(refusal);
    }
    expect(names(await recommend(adult, reader, { adult_confirmed: true }))[0]).toBe('Zephyrkin Quest');
  });

  it('answers a missing post as posts/detail does', async () => {
    const refusal = {
      code: 0,
      msg: en('errors.post_not_found'),
      data: null,
      reason: 'errors.post_not_found',
    };
    expect(await recommend(999_999)).toEqual(refusal);
    expect((await call(t.app, posts.postDetail, { id: 999_999 })).body).toEqual(refusal);
  });
});
