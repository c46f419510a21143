import { endpoints, MainCode, PAID_TEASER_CHARS, type Post } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { translator } from '../src/i18n';
import { call } from './helper';
import { insertTopic, makeTourist } from './support/community';
import { assertLedgerBalanced, economyTestApp, grantBalance, legsOf } from './support/economy';
import type { Caller } from './support/social';
import { insertUpload } from './support/uploads';

const api = endpoints.posts;
const en = translator('en-US');

const t = economyTestApp();
const { ok } = t;

const SECRET =
  'Zephyrquest route: skip the second warp pipe, then wall-jump twice at the flagpole for the hidden exit.';

/** A priced post with a file and a link, through create/posts. */
async function paidPost(author: Caller, price: number, topicId?: number): Promise<Post> {
  t.clock.advance(1000);
  return (
    await ok<Post>(
      api.createPost,
      {
        topic_id: topicId ?? (await insertTopic(t.database)),
        text: SECRET,
        price,
        files: [
          {
            sha256: await insertUpload(t.database, {
              mime: 'application/pdf',
              bytes: 2048,
              ownerId: author.user.id,
              now: t.clock.now,
            }),
            name: 'map.pdf',
          },
        ],
        link: 'https://speedrun.example/zephyr',
      },
      author,
    )
  ).data;
}

const payLink = (who: Caller | undefined, id: number, extra: Record<string, unknown> = {}) =>
  call(t.app, api.payLink, { id, ...extra }, { token: who?.token });

const unlocksOf = (postId: number) =>
  t.database.db.selectFrom('post_unlocks').select('user_id').where('post_id', '=', postId).execute();

const detail = async (id: number, who?: Caller) =>
  (await call(t.app, api.postDetail, { id }, { token: who?.token })).body.data as Post;

const expectLocked = (post: Post | undefined) =>
  expect(post).toMatchObject({
    locked: true,
    files: [],
    links: [],
    text: `${Array.from(SECRET).slice(0, PAID_TEASER_CHARS).join('')}…`,
  });
const expectOpen = (post: Post | undefined) =>
  expect(post).toMatchObject({
    locked: false,
    text: SECRET,
    files: [expect.objectContaining({ name: 'map.pdf' })],
    links: ['https://speedrun.example/zephyr'],
  });

describe('pay/link', () => {
  it('charges the price, pays the author less the platform share, and opens the post to the payer', async () => {
    const author = await t.make.member();
    const reader = await t.make.member();
    const post = await paidPost(author, 50);
    // Posting may earn the author rewards of its own; the sale is what comes on top.
    const earned = await t.goldOf(author);
    await grantBalance(t.database, reader.user.id, { gold: 120 });
    expectLocked(await detail(post.id, reader));

    const { body } = await payLink(reader, post.id);
    expect(body).toMatchObject({ code: 1, msg: en('economy.unlocked') });
    expectOpen(body.data as Post);
    expect(body.data).toEqual(await detail(post.id, reader));
    expect(await legsOf(t.database, `unlock:${post.id}:${reader.user.id}`)).toEqual([
      {
        user_id: reader.user.id,
        currency: 'gold',
        amount: -50,
        reason: 'post_unlock',
        ref_type: 'post',
        ref_id: post.id,
      },
      {
        user_id: author.user.id,
        currency: 'gold',
        amount: 45,
        reason: 'post_sale',
        ref_type: 'post',
        ref_id: post.id,
      },
      {
        user_id: null,
        currency: 'gold',
        amount: 5,
        reason: 'platform_share',
        ref_type: 'post',
        ref_id: post.id,
      },
    ]);
    expect(await t.balances(reader)).toEqual({ gold: 70, diamonds: 0 });
    expect(await t.goldOf(author)).toBe(earned + 45);
    expect(await unlocksOf(post.id)).toEqual([{ user_id: reader.user.id }]);

    // Paying again is the same answer and no second charge.
    expect((await payLink(reader, post.id)).body).toEqual(body);
    expect(await t.balances(reader)).toEqual({ gold: 70, diamonds: 0 });

    const { body: ko } = await call(
      t.app,
      api.payLink,
      { id: post.id },
      { token: reader.token, locale: 'ko-KR' },
    );
    expect(ko.msg).toBe(translator('ko-KR')('economy.unlocked'));
    await assertLedgerBalanced(t.database);
  });

  it('opens it to the payer only: feeds, detail and search stay gated for everyone else', async () => {
    const author = await t.make.member();
    const payer = await t.make.member();
    const other = await t.make.member();
    const topicId = await insertTopic(t.database);
    const post = await paidPost(author, 30, topicId);
    await grantBalance(t.database, payer.user.id, { gold: 30 });
    await ok(api.payLink, { id: post.id }, payer);

    const inTopic = async (who?: Caller) =>
      (
        (await call(t.app, api.postsList, { topic_id: topicId }, { token: who?.token })).body.data as {
          list: Post[];
        }
      ).list[0];
    const inNew = async (who?: Caller) =>
      (
        (await call(t.app, api.homePosts, { num: 50 }, { token: who?.token })).body.data as { list: Post[] }
      ).list.find((x) => x.id === post.id);
    const searched = async (who?: Caller) =>
      (
        (
          await call(
            t.app,
            endpoints.search.searchLists,
            { keyword: 'Zephyrquest', type: 'posts' },
            { token: who?.token },
          )
        ).body.data as { posts: Post[] }
      ).posts.find((x) => x.id === post.id);

    for (const read of [inTopic, inNew, searched, (who?: Caller) => detail(post.id, who)]) {
      expectOpen(await read(payer));
      expectOpen(await read(author));
      expectLocked(await read(other));
      expectLocked(await read(undefined));
    }
    expect(await t.balances(payer)).toEqual({ gold: 0, diamonds: 0 });
  });

  it('answers 1003 "Lack of gold COINS" when the member is short, and changes nothing', async () => {
    const author = await t.make.member();
    const reader = await t.make.member();
    const post = await paidPost(author, 80);
    const earned = await t.goldOf(author);
    await grantBalance(t.database, reader.user.id, { gold: 79 });
    expect((await payLink(reader, post.id)).body).toEqual({
      code: MainCode.NotEnoughGold,
      msg: 'Lack of gold COINS',
      data: null,
      reason: 'errors.lack_of_gold',
    });
    expect(await t.balances(reader)).toEqual({ gold: 79, diamonds: 0 });
    expect(await t.goldOf(author)).toBe(earned);
    expect(await unlocksOf(post.id)).toEqual([]);
    expect(await legsOf(t.database, `unlock:${post.id}:${reader.user.id}`)).toEqual([]);
    expectLocked(await detail(post.id, reader));
    // Once the gold is there, the same unlock goes through.
    await grantBalance(t.database, reader.user.id, { gold: 1 });
    expect((await payLink(reader, post.id)).body.code).toBe(1);
    await assertLedgerBalanced(t.database);
  });

  it('gives the whole of a small price to the author (no share below 10 gold)', async () => {
    const author = await t.make.member();
    const reader = await t.make.member();
    const post = await paidPost(author, 9);
    await grantBalance(t.database, reader.user.id, { gold: 9 });
    await ok(api.payLink, { id: post.id }, reader);
    expect(await legsOf(t.database, `unlock:${post.id}:${reader.user.id}`)).toEqual([
      expect.objectContaining({ user_id: reader.user.id, amount: -9, reason: 'post_unlock' }),
      expect.objectContaining({ user_id: author.user.id, amount: 9, reason: 'post_sale' }),
    ]);
    await assertLedgerBalanced(t.database);
  });

  it('answers free posts and your own as they are, with no charge', async () => {
    const author = await t.make.member();
    const reader = await t.member({ gold: 100 });
    await grantBalance(t.database, author.user.id, { gold: 100 });
    const free = (
      await ok<Post>(api.createPost, { topic_id: await insertTopic(t.database), text: 'Free tips' }, author)
    ).data;
    const paid = await paidPost(author, 40);
    const earned = await t.goldOf(author);
    expect((await payLink(reader, free.id)).body).toEqual({
      code: 1,
      msg: 'OK',
      data: await detail(free.id, reader),
    });
    const own = (await payLink(author, paid.id)).body;
    expect(own).toMatchObject({ code: 1, msg: 'OK', data: { id: paid.id, locked: false, mine: true } });
    expect(await t.balances(reader)).toEqual({ gold: 100, diamonds: 0 });
    expect(await t.goldOf(author)).toBe(earned);
    expect(await unlocksOf(paid.id)).toEqual([]);
  });

  it('follows posts/detail: missing posts, and adult topics until the 18+ answer', async () => {
    const author = await t.make.member();
    const reader = await t.member({ gold: 100 });
    const adult = await paidPost(author, 10, await insertTopic(t.database, { minAge: 18 }));
    expect((await payLink(reader, adult.id)).body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.adult_confirm'),
      data: null,
      reason: 'errors.adult_confirm',
    });
    expect(await t.balances(reader)).toEqual({ gold: 100, diamonds: 0 });
    const { body } = await payLink(reader, adult.id, { adult_confirmed: true });
    expect(body).toMatchObject({ code: 1, data: { locked: false } });

    const gone = await paidPost(author, 10);
    await ok(api.deletePost, { id: gone.id }, author);
    for (const id of [gone.id, 999_999]) {
      expect((await payLink(reader, id)).body).toEqual({
        code: MainCode.Fail,
        msg: en('errors.post_not_found'),
        data: null,
        reason: 'errors.post_not_found',
      });
    }
    expect((await payLink(reader, 'abc' as unknown as number)).body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.invalid_payload'),
      data: null,
      reason: 'errors.invalid_payload',
    });
    expect(await t.balances(reader)).toEqual({ gold: 90, diamonds: 0 });
    await assertLedgerBalanced(t.database);
  });

  it('refuses visitors and callers without a token', async () => {
    const author = await t.make.member();
    const post = await paidPost(author, 10);
    const visitor = await t.member({ gold: 100 });
    await makeTourist(t, visitor.user.id);
    expect((await payLink(visitor, post.id)).body).toEqual({
      code: MainCode.Fail,
      msg: en('errors.tourist_forbidden'),
      data: null,
      reason: 'errors.tourist_forbidden',
    });
    expect((await payLink(undefined, post.id)).body).toMatchObject({
      code: MainCode.Expired,
      msg: en('errors.not_logged_in'),
    });
    expect(await t.balances(visitor)).toEqual({ gold: 100, diamonds: 0 });
  });

  it('unlocks once when the same unlock arrives 50 times at once', async () => {
    const author = await t.make.member();
    const reader = await t.make.member();
    const post = await paidPost(author, 100);
    const earned = await t.goldOf(author);
    await grantBalance(t.database, reader.user.id, { gold: 250 });
    const bodies = await Promise.all(Array.from({ length: 50 }, () => payLink(reader, post.id)));
    for (const { body } of bodies) expect(body).toEqual(bodies[0]!.body);
    expect(bodies[0]!.body).toMatchObject({ code: 1, msg: en('economy.unlocked'), data: { locked: false } });
    expect(await t.balances(reader)).toEqual({ gold: 150, diamonds: 0 });
    expect(await t.goldOf(author)).toBe(earned + 90);
    expect(await unlocksOf(post.id)).toHaveLength(1);
    expect(await legsOf(t.database, `unlock:${post.id}:${reader.user.id}`)).toHaveLength(3);
    await assertLedgerBalanced(t.database);
  });

  it('unlocks only what the gold allows when 10 different unlocks race', async () => {
    const author = await t.make.member();
    const reader = await t.make.member();
    const posts: Post[] = [];
    for (let i = 0; i < 10; i += 1) posts.push(await paidPost(author, 25));
    await grantBalance(t.database, reader.user.id, { gold: 3 * 25 + 24 });
    const bodies = await Promise.all(posts.map((post) => payLink(reader, post.id)));
    expect(bodies.filter((b) => b.body.code === 1)).toHaveLength(3);
    expect(bodies.filter((b) => b.body.code === MainCode.NotEnoughGold)).toHaveLength(7);
    expect(await t.balances(reader)).toEqual({ gold: 24, diamonds: 0 });
    const unlocked = await t.database.db
      .selectFrom('post_unlocks')
      .select('post_id')
      .where('user_id', '=', reader.user.id)
      .execute();
    expect(unlocked).toHaveLength(3);
    await assertLedgerBalanced(t.database);
  });
});
