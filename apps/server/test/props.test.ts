import {
  type Balances,
  endpoints,
  type InventoryItem,
  MainCode,
  type Post,
  type Prop,
} from '@pixelhall/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { feedsService } from '../src/features/posts/feeds';
import { firstPagesCache } from '../src/features/posts/first-pages';
import { translator } from '../src/i18n';
import { PROP_CATALOG } from '../src/seed/economy-catalog';
import { call, ENGINE, TEST_ORIGIN } from './helper';
import { insertTopic, makeTourist } from './support/community';
import { assertLedgerBalanced, economyTestApp, legsOf, requestId } from './support/economy';
import { queryPlan, recordQueries } from './support/queries';
import { keyOfEnglish } from './support/reason';
import type { Caller } from './support/social';

const p = endpoints.props;
const en = translator('en-US');
const DAY = 86_400_000;
const HOUR = 3_600_000;

const t = economyTestApp();
const propIds: Record<string, number> = {};
beforeAll(async () => {
  for (const row of await t.database.db.selectFrom('props').select(['id', 'code']).execute()) {
    propIds[row.code] = Number(row.id);
  }
});

const { ok } = t;
type Bought = { item: InventoryItem; balances: Balances };
type Used = { added: { gold: number; diamonds: number; experience: number }; remaining: number };
type OnPost = { post: Post; remaining: number };
type Inventory = { list: InventoryItem[]; total: number; cursor: string | null };

async function refusedWith(
  def: Parameters<typeof call>[1],
  payload: Record<string, unknown>,
  who: Caller | undefined,
  msg: string,
  code: number = MainCode.Fail,
) {
  const { body } = await call(t.app, def, payload, { token: who?.token });
  expect(body, JSON.stringify(payload)).toEqual({ code, msg, data: null, reason: keyOfEnglish(msg) });
}

const buy = (who: Caller, code: string, num = 1, id = requestId()) =>
  ok<Bought>(p.buyProp, { prop_id: propIds[code], num, request_id: id }, who);

/** A member with money enough for anything these tests buy. */
const richMember = () => t.member({ gold: 10_000, diamonds: 500 });

async function publish(member: Caller, topicId: number, extra: Record<string, unknown> = {}): Promise<Post> {
  t.clock.advance(1000);
  return (await ok<Post>(endpoints.posts.createPost, { topic_id: topicId, text: 'A post', ...extra }, member))
    .data;
}

const lotsOf = (userId: number) =>
  t.database.db
    .selectFrom('user_props')
    .select(['prop_id', 'count', 'expires_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
    .then((rows) =>
      rows.map((r) => ({
        ...r,
        prop_id: Number(r.prop_id),
        expires_at: r.expires_at && Number(r.expires_at),
      })),
    );

describe('prop/lists', () => {
  it('lists the props on sale in order, named in the caller’s language', async () => {
    const { body } = await call(t.app, p.propLists, {}, { method: 'GET' });
    const list = (body.data as { list: Prop[] }).list;
    expect(list.map((x) => x.code)).toEqual(PROP_CATALOG.map((x) => x.code));
    expect(list[0]).toEqual({
      id: propIds.color_gold,
      code: 'color_gold',
      name: 'Gold foil',
      description: en('props.color_gold.description'),
      kind: 'color',
      effect: 'gold',
      currency: 'gold',
      price: 60,
      shelf_days: 30,
    });
    for (const locale of ['ko-KR', 'pt-BR'] as const) {
      const { body: local } = await call(t.app, p.propLists, {}, { locale });
      const card = (local.data as { list: Prop[] }).list.find((x) => x.code === 'exp_card')!;
      expect(card.name).toBe(translator(locale)('props.exp_card.name'));
      expect(card.name).not.toBe('Experience card');
      expect(card.description).toBe(translator(locale)('props.exp_card.description'));
    }
  });

  it('keeps the English of a prop the catalog does not know, and leaves out props off sale', async () => {
    const { id } = await t.database.db
      .insertInto('props')
      .values({
        code: 'color_operator_special',
        name: 'Festival red',
        description: 'A red for the festival week.',
        kind: 'color',
        effect: 'crimson',
        currency: 'gold',
        price: 5,
        shelf_days: 7,
        position: 50,
        created_at: t.clock.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    propIds.color_operator_special = Number(id);
    await t.database.db
      .insertInto('props')
      .values({
        code: 'retired',
        name: 'Retired',
        kind: 'pin',
        effect: '1',
        currency: 'gold',
        price: 1,
        shelf_days: null,
        active: 0,
        created_at: t.clock.now,
      })
      .execute();
    const { body } = await call(t.app, p.propLists, {}, { locale: 'ja-JP' });
    const list = (body.data as { list: Prop[] }).list;
    expect(list.find((x) => x.code === 'color_operator_special')).toMatchObject({
      name: 'Festival red',
      description: 'A red for the festival week.',
    });
    expect(list.map((x) => x.code)).not.toContain('retired');
    expect(list.at(-1)?.code).toBe('color_operator_special');
  });
});

describe('buy/prop', () => {
  it('charges price × num in the prop’s currency and adds a lot that expires after its shelf days', async () => {
    const member = await t.member({ gold: 400, diamonds: 20 });
    const id = requestId();
    const body = await buy(member, 'pin_24h', 2, id);
    expect(body.msg).toBe(en('economy.purchased'));
    expect(body.data).toEqual({
      item: {
        prop: expect.objectContaining({ code: 'pin_24h', name: 'Topic pin' }),
        count: 2,
        expires_at: t.clock.now + 30 * DAY,
      },
      balances: { gold: 100, diamonds: 20 },
    });
    expect(await legsOf(t.database, `buy:${member.user.id}:${id}`)).toEqual([
      {
        user_id: member.user.id,
        currency: 'gold',
        amount: -300,
        reason: 'prop_purchase',
        ref_type: 'prop',
        ref_id: propIds.pin_24h,
      },
    ]);
    // The same tap again answers the same, and buys nothing more.
    expect(await buy(member, 'pin_24h', 2, id)).toEqual(body);

    const card = await buy(member, 'exp_card', 3);
    expect(card.data).toEqual({
      item: { prop: expect.objectContaining({ code: 'exp_card' }), count: 3, expires_at: null },
      balances: { gold: 100, diamonds: 11 },
    });
    expect(await lotsOf(member.user.id)).toEqual([
      { prop_id: propIds.pin_24h, count: 2, expires_at: t.clock.now + 30 * DAY },
      { prop_id: propIds.exp_card, count: 3, expires_at: null },
    ]);

    const { body: ja } = await call(
      t.app,
      p.buyProp,
      { prop_id: propIds.exp_card, request_id: requestId() },
      { token: member.token, locale: 'ja-JP' },
    );
    expect(ja).toMatchObject({
      code: 1,
      msg: translator('ja-JP')('economy.purchased'),
      data: { item: { prop: { name: translator('ja-JP')('props.exp_card.name') }, count: 4 } },
    });
    await assertLedgerBalanced(t.database);
  });

  it('answers 1003 "Lack of gold COINS" or "Insufficient diamond balance" when short, changing nothing', async () => {
    const member = await t.member({ gold: 100, diamonds: 4 });
    await refusedWith(
      p.buyProp,
      { prop_id: propIds.pin_24h, num: 1, request_id: requestId() },
      member,
      'Lack of gold COINS',
      MainCode.NotEnoughGold,
    );
    await refusedWith(
      p.buyProp,
      { prop_id: propIds.exp_card, num: 2, request_id: requestId() },
      member,
      'Insufficient diamond balance',
    );
    expect(await t.balances(member)).toEqual({ gold: 100, diamonds: 4 });
    expect(await lotsOf(member.user.id)).toEqual([]);
  });

  it('validates its input and refuses props off sale, visitors and callers without a token', async () => {
    const member = await richMember();
    const cases: [Record<string, unknown>, string][] = [
      [{ prop_id: propIds.pin_24h, num: 0, request_id: requestId() }, en('validation.amount_invalid')],
      [
        { prop_id: propIds.pin_24h, num: 100, request_id: requestId() },
        en('validation.max_number', { max: 99 }),
      ],
      [{ prop_id: propIds.pin_24h, num: 'two', request_id: requestId() }, en('validation.amount_invalid')],
      [{ prop_id: propIds.pin_24h, num: 1 }, en('errors.invalid_payload')],
      [{ prop_id: 'x', num: 1, request_id: requestId() }, en('errors.invalid_payload')],
      [{ prop_id: 999_999, num: 1, request_id: requestId() }, en('errors.prop_not_found')],
    ];
    for (const [payload, msg] of cases) await refusedWith(p.buyProp, payload, member, msg);
    const retired = await t.database.db
      .selectFrom('props')
      .select('id')
      .where('code', '=', 'retired')
      .executeTakeFirstOrThrow();
    await refusedWith(
      p.buyProp,
      { prop_id: Number(retired.id), request_id: requestId() },
      member,
      en('errors.prop_not_found'),
    );
    expect(await t.balances(member)).toEqual({ gold: 10_000, diamonds: 500 });

    const visitor = await t.member({ gold: 500 });
    await makeTourist(t, visitor.user.id);
    await refusedWith(
      p.buyProp,
      { prop_id: propIds.pin_24h, request_id: requestId() },
      visitor,
      en('errors.tourist_forbidden'),
    );
    const { body } = await call(t.app, p.buyProp, { prop_id: propIds.pin_24h, request_id: requestId() });
    expect(body.code).toBe(MainCode.Expired);
  });

  it('buys once when the same purchase arrives 50 times at once', async () => {
    const member = await t.member({ gold: 1000 });
    const id = requestId();
    const bodies = await t.race(p.buyProp, { prop_id: propIds.color_gold, num: 5, request_id: id }, member);
    const first = bodies[0]!.body;
    expect(first).toMatchObject({ code: 1, data: { item: { count: 5 }, balances: { gold: 700 } } });
    for (const { body } of bodies) expect(body).toEqual(first);
    expect(await lotsOf(member.user.id)).toHaveLength(1);
    expect(await t.balances(member)).toEqual({ gold: 700, diamonds: 0 });
    expect(await legsOf(t.database, `buy:${member.user.id}:${id}`)).toHaveLength(1);
    await assertLedgerBalanced(t.database);
  });

  it('buys only what the money allows when 50 different purchases race', async () => {
    const member = await t.member({ gold: 7 * 60 + 59 });
    const bodies = await t.race(
      p.buyProp,
      () => ({ prop_id: propIds.color_gold, request_id: requestId() }),
      member,
    );
    expect(bodies.filter((b) => b.body.code === 1)).toHaveLength(7);
    for (const { body } of bodies.filter((b) => b.body.code !== 1)) {
      expect(body).toEqual({
        code: MainCode.NotEnoughGold,
        msg: 'Lack of gold COINS',
        data: null,
        reason: 'errors.lack_of_gold',
      });
    }
    expect(await lotsOf(member.user.id)).toHaveLength(7);
    expect(await t.balances(member)).toEqual({ gold: 59, diamonds: 0 });
    await assertLedgerBalanced(t.database);
  });
});

describe('user/props', () => {
  it('counts unexpired units per prop with the soonest expiry, leaving out empty and expired lots', async () => {
    const member = await richMember();
    await buy(member, 'color_gold', 2);
    const firstBought = t.clock.now;
    t.clock.advance(10 * DAY);
    await buy(member, 'color_gold', 3);
    const secondBought = t.clock.now;
    await buy(member, 'exp_card', 1);
    const topicId = await insertTopic(t.database);
    const post = await publish(member, topicId);

    const list = async (locale?: string) =>
      (await call(t.app, p.userProps, {}, { token: member.token, locale, method: 'GET' })).body
        .data as Inventory;
    expect((await list()).list).toEqual([
      { prop: expect.objectContaining({ code: 'color_gold' }), count: 5, expires_at: firstBought + 30 * DAY },
      { prop: expect.objectContaining({ code: 'exp_card' }), count: 1, expires_at: null },
    ]);

    // Using takes from the lot that expires first; once empty, it no longer sets the expiry.
    for (let i = 0; i < 2; i += 1) {
      await ok(
        p.postsProp,
        { post_id: post.id, prop_id: propIds.color_gold, request_id: requestId() },
        member,
      );
    }
    const after = await list('es-ES');
    expect(after.list[0]).toEqual({
      prop: expect.objectContaining({ name: translator('es-ES')('props.color_gold.name') }),
      count: 3,
      expires_at: secondBought + 30 * DAY,
    });
    expect(after.total).toBe(2);

    // 30 days on, the second lot has run out too; the card never does. (The session has too.)
    t.clock.advance(30 * DAY);
    member.token = (await t.services.sessions.create(member.user.id, TEST_ORIGIN)).token;
    expect((await list()).list.map((i) => [i.prop.code, i.count])).toEqual([['exp_card', 1]]);
    await refusedWith(
      p.postsProp,
      { post_id: post.id, prop_id: propIds.color_gold, request_id: requestId() },
      member,
      'Lack of props',
    );
  });

  it('is empty for a member with nothing, and needs a token', async () => {
    const member = await t.make.member();
    expect((await ok<Inventory>(p.userProps, {}, member)).data).toEqual({ list: [], total: 0, cursor: null });
    expect((await call(t.app, p.userProps, {})).body.code).toBe(MainCode.Expired);
  });
});

describe('use/prop', () => {
  it('uses an experience card once per request: experience added, one unit spent', async () => {
    const member = await richMember();
    await buy(member, 'exp_card', 2);
    const id = requestId();
    const body = await ok<Used>(p.useProp, { prop_id: propIds.exp_card, request_id: id }, member);
    expect(body).toEqual({
      code: 1,
      msg: en('economy.prop_used'),
      data: { added: { gold: 0, diamonds: 0, experience: 100 }, remaining: 1 },
    });
    expect(await ok<Used>(p.useProp, { prop_id: propIds.exp_card, request_id: id }, member)).toEqual(body);
    const user = await t.database.db
      .selectFrom('users')
      .select(['experience'])
      .where('id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(user.experience)).toBe(100);
    const uses = await t.database.db
      .selectFrom('prop_uses')
      .select(['operation_key', 'post_id'])
      .where('user_id', '=', member.user.id)
      .execute();
    expect(uses).toEqual([{ operation_key: `use:${member.user.id}:${id}`, post_id: null }]);

    const { body: pt } = await call(
      t.app,
      p.useProp,
      { prop_id: propIds.exp_card, request_id: requestId() },
      { token: member.token, locale: 'pt-PT' },
    );
    expect(pt).toMatchObject({
      code: 1,
      msg: translator('pt-PT')('economy.prop_used'),
      data: { remaining: 0 },
    });
    await refusedWith(
      p.useProp,
      { prop_id: propIds.exp_card, request_id: requestId() },
      member,
      'Lack of props',
    );
  });

  it('sends post props to posts/prop and refuses unknown props, bad input, visitors and no token', async () => {
    const member = await richMember();
    await buy(member, 'pin_24h');
    await refusedWith(
      p.useProp,
      { prop_id: propIds.pin_24h, request_id: requestId() },
      member,
      en('errors.prop_for_posts'),
    );
    await refusedWith(
      p.useProp,
      { prop_id: 999_999, request_id: requestId() },
      member,
      en('errors.prop_not_found'),
    );
    await refusedWith(p.useProp, { prop_id: propIds.exp_card }, member, en('errors.invalid_payload'));
    expect(await lotsOf(member.user.id)).toEqual([expect.objectContaining({ count: 1 })]);
    const visitor = await t.make.member();
    await makeTourist(t, visitor.user.id);
    await refusedWith(
      p.useProp,
      { prop_id: propIds.exp_card, request_id: requestId() },
      visitor,
      en('errors.tourist_forbidden'),
    );
    expect(
      (await call(t.app, p.useProp, { prop_id: propIds.exp_card, request_id: requestId() })).body.code,
    ).toBe(MainCode.Expired);
  });

  it('spends one unit for 50 identical uses at once, and never more units than there are', async () => {
    const member = await richMember();
    await buy(member, 'exp_card', 4);
    const id = requestId();
    const same = await t.race(p.useProp, { prop_id: propIds.exp_card, request_id: id }, member);
    for (const { body } of same) expect(body).toEqual(same[0]!.body);
    expect(same[0]!.body).toMatchObject({ code: 1, data: { remaining: 3 } });

    const different = await t.race(
      p.useProp,
      () => ({ prop_id: propIds.exp_card, request_id: requestId() }),
      member,
    );
    expect(different.filter((b) => b.body.code === 1)).toHaveLength(3);
    for (const { body } of different.filter((b) => b.body.code !== 1)) {
      expect(body).toEqual({
        code: MainCode.Fail,
        msg: 'Lack of props',
        data: null,
        reason: 'errors.lack_of_props',
      });
    }
    expect(await lotsOf(member.user.id)).toEqual([expect.objectContaining({ count: 0 })]);
    const uses = await t.database.db
      .selectFrom('prop_uses')
      .select('id')
      .where('user_id', '=', member.user.id)
      .execute();
    expect(uses).toHaveLength(4);
    const user = await t.database.db
      .selectFrom('users')
      .select('experience')
      .where('id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(user.experience)).toBe(400);
    await assertLedgerBalanced(t.database);
  });
});

describe('posts/prop', () => {
  const detail = async (id: number, who?: Caller) =>
    (await call(t.app, endpoints.posts.postDetail, { id }, { token: who?.token })).body.data as Post;

  it('gives a post the prop-only colour and style, at any level, seen by everyone in posts/detail', async () => {
    const member = await richMember();
    const reader = await t.make.member();
    const topicId = await insertTopic(t.database);
    const post = await publish(member, topicId);
    await buy(member, 'color_gold');
    await buy(member, 'style_prism', 2);

    const colour = await ok<OnPost>(
      p.postsProp,
      { post_id: post.id, prop_id: propIds.color_gold, request_id: requestId() },
      member,
    );
    expect(colour.msg).toBe(en('economy.prop_used'));
    expect(colour.data).toMatchObject({
      post: { id: post.id, color: 'gold', style: null, mine: true },
      remaining: 0,
    });
    const styled = await ok<OnPost>(
      p.postsProp,
      { post_id: post.id, prop_id: propIds.style_prism, request_id: requestId() },
      member,
    );
    expect(styled.data).toMatchObject({ post: { color: 'gold', style: 'prism' }, remaining: 1 });
    expect(await detail(post.id, reader)).toMatchObject({ color: 'gold', style: 'prism' });
    expect(await detail(post.id)).toMatchObject({ color: 'gold', style: 'prism' });
    const uses = await t.database.db
      .selectFrom('prop_uses')
      .select(['post_id'])
      .where('user_id', '=', member.user.id)
      .execute();
    expect(uses.map((u) => Number(u.post_id))).toEqual([post.id, post.id]);
  });

  it('keeps prop-only looks out of create/posts and set/posts', async () => {
    const member = await t.make.member();
    const topicId = await insertTopic(t.database);
    const post = await publish(member, topicId);
    for (const look of [{ color: 'gold' }, { style: 'prism' }]) {
      await refusedWith(
        endpoints.posts.createPost,
        { topic_id: topicId, text: 'Shiny', ...look },
        member,
        en('errors.style_unknown'),
      );
      await refusedWith(
        endpoints.posts.setPost,
        { id: post.id, ...look },
        member,
        en('errors.style_unknown'),
      );
    }
    expect(await detail(post.id)).toMatchObject({ color: null, style: null });
  });

  it('shows a new look on the shared first page of New at once', async () => {
    const member = await richMember();
    const post = await publish(member, await insertTopic(t.database));
    await buy(member, 'color_gold');
    const top = async () =>
      ((await call(t.app, endpoints.posts.homePosts, { num: 5 })).body.data as { list: Post[] }).list;
    expect((await top()).find((x) => x.id === post.id)?.color).toBeNull();
    await ok(p.postsProp, { post_id: post.id, prop_id: propIds.color_gold, request_id: requestId() }, member);
    expect((await top()).find((x) => x.id === post.id)?.color).toBe('gold');
  });

  it('refuses others’ posts, experience props, missing posts and props, no units, visitors and no token', async () => {
    const member = await richMember();
    const other = await t.make.member();
    const topicId = await insertTopic(t.database);
    const mine = await publish(member, topicId);
    const theirs = await publish(other, topicId);
    await buy(member, 'color_gold');
    await buy(member, 'exp_card');
    const use = (postId: number, code: string) => ({
      post_id: postId,
      prop_id: propIds[code],
      request_id: requestId(),
    });
    await refusedWith(p.postsProp, use(theirs.id, 'color_gold'), member, en('errors.not_author'));
    await refusedWith(p.postsProp, use(mine.id, 'exp_card'), member, en('errors.prop_for_self'));
    await refusedWith(p.postsProp, use(999_999, 'color_gold'), member, en('errors.post_not_found'));
    await refusedWith(
      p.postsProp,
      { post_id: mine.id, prop_id: 999_999, request_id: requestId() },
      member,
      en('errors.prop_not_found'),
    );
    await refusedWith(p.postsProp, use(mine.id, 'pin_24h'), member, 'Lack of props');
    await refusedWith(
      p.postsProp,
      { post_id: mine.id, prop_id: propIds.color_gold },
      member,
      en('errors.invalid_payload'),
    );
    expect(await lotsOf(member.user.id)).toEqual([
      expect.objectContaining({ count: 1 }),
      expect.objectContaining({ count: 1 }),
    ]);
    const visitor = await t.make.member();
    await makeTourist(t, visitor.user.id);
    await refusedWith(p.postsProp, use(mine.id, 'color_gold'), visitor, en('errors.tourist_forbidden'));
    expect((await call(t.app, p.postsProp, use(mine.id, 'color_gold'))).body.code).toBe(MainCode.Expired);
    expect(await detail(mine.id)).toMatchObject({ color: null });
  });

  describe('topic pins', () => {
    const topicFeed = async (topicId: number, num: number, cursor?: string | null) =>
      (await call(t.app, endpoints.posts.postsList, { topic_id: topicId, num, cursor })).body.data as {
        list: Post[];
        cursor: string | null;
      };
    /** The whole feed by cursor, `num` a page. */
    async function wholeFeed(topicId: number, num: number): Promise<number[]> {
      const ids: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await topicFeed(topicId, num, cursor);
        ids.push(...page.list.map((x) => x.id));
        cursor = page.cursor;
      } while (cursor);
      return ids;
    }

    it('lead page 1 of their topic (after operator pins, newest pin first) until they run out', async () => {
      const author = await richMember();
      const rival = await richMember();
      const topicId = await insertTopic(t.database);
      const [a, b, c, d] = [
        await publish(author, topicId),
        await publish(rival, topicId),
        await publish(rival, topicId),
        await publish(author, topicId),
      ];
      await buy(author, 'pin_24h', 2);
      await buy(rival, 'pin_24h');
      expect(await wholeFeed(topicId, 2)).toEqual([d.id, c.id, b.id, a.id]);

      const pinned = await ok<OnPost>(
        p.postsProp,
        { post_id: a.id, prop_id: propIds.pin_24h, request_id: requestId() },
        author,
      );
      const firstUntil = t.clock.now + 24 * HOUR;
      expect(pinned.data).toMatchObject({ post: { id: a.id, topic_pinned_until: firstUntil }, remaining: 1 });
      expect(await wholeFeed(topicId, 2)).toEqual([a.id, d.id, c.id, b.id]);

      t.clock.advance(HOUR);
      await ok(p.postsProp, { post_id: b.id, prop_id: propIds.pin_24h, request_id: requestId() }, rival);
      await t.services.posts.pin(c.id, true);
      for (const num of [1, 2, 3, 10])
        expect(await wholeFeed(topicId, num)).toEqual([c.id, b.id, a.id, d.id]);
      // The New feed and category feeds keep them in their place by time.
      const home = (await call(t.app, endpoints.posts.homePosts, { num: 50 })).body.data as { list: Post[] };
      const order = home.list.map((x) => x.id).filter((id) => [a.id, b.id, d.id].includes(id));
      expect(order).toEqual([d.id, b.id, a.id]);

      // A second pin on a pinned post extends it from where it ends.
      await ok(p.postsProp, { post_id: a.id, prop_id: propIds.pin_24h, request_id: requestId() }, author);
      expect((await detail(a.id)).topic_pinned_until).toBe(firstUntil + 24 * HOUR);
      expect(await wholeFeed(topicId, 2)).toEqual([c.id, a.id, b.id, d.id]);

      // b's pin ends 25 h after it was bought; a's 48 h after the first.
      t.clock.advance(24 * HOUR);
      expect(await wholeFeed(topicId, 2)).toEqual([c.id, a.id, d.id, b.id]);
      t.clock.advance(24 * HOUR);
      expect(await wholeFeed(topicId, 2)).toEqual([c.id, d.id, b.id, a.id]);
      await t.services.posts.pin(c.id, false);
    });

    it('pin once for 50 identical requests at once', async () => {
      const author = await richMember();
      const topicId = await insertTopic(t.database);
      const post = await publish(author, topicId);
      await buy(author, 'pin_24h', 3);
      const id = requestId();
      const bodies = await t.race(
        p.postsProp,
        { post_id: post.id, prop_id: propIds.pin_24h, request_id: id },
        author,
      );
      for (const { body } of bodies) expect(body).toEqual(bodies[0]!.body);
      expect(bodies[0]!.body).toMatchObject({
        code: 1,
        data: { post: { topic_pinned_until: t.clock.now + 24 * HOUR }, remaining: 2 },
      });
      expect(await lotsOf(author.user.id)).toEqual([expect.objectContaining({ count: 2 })]);
      const uses = await t.database.db
        .selectFrom('prop_uses')
        .select('id')
        .where('post_id', '=', post.id)
        .execute();
      expect(uses).toHaveLength(1);
      await assertLedgerBalanced(t.database);
    });

    it.runIf(ENGINE === 'sqlite')(
      'reads a topic’s running pins as a range of posts_topic_pinned',
      async () => {
        const author = await richMember();
        const topicId = await insertTopic(t.database);
        const post = await publish(author, topicId);
        await buy(author, 'pin_24h');
        await ok(
          p.postsProp,
          { post_id: post.id, prop_id: propIds.pin_24h, request_id: requestId() },
          author,
        );
        const recorded = recordQueries(t.database);
        const feeds = feedsService({
          db: recorded.db,
          firstPages: firstPagesCache(() => t.clock.now),
          clock: () => t.clock.now,
        });
        const page = await feeds.list(null, { page: 1, num: 20, topic_id: topicId, sort: 'new' });
        expect(page.list.map((x) => x.id)).toEqual([post.id]);
        const pins = recorded
          .compiled()
          .filter((q) => q.sql.includes('order by "posts"."topic_pinned_until" desc'));
        expect(pins).toHaveLength(1);
        const plan = (await queryPlan(t.database, pins[0]!)).join('\n');
        expect(plan).toMatch(
          /SEARCH posts USING INDEX posts_topic_pinned \(topic_id=\? AND topic_pinned_until>\?\)/,
        );
        expect(plan).not.toMatch(/TEMP B-TREE/);
      },
    );
  });
});
