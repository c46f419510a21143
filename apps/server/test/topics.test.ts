import { ADULT_AGE, endpoints, LEVEL_TOPIC_CREATE, MainCode } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helper';
import { insertCategory, insertTopic, makeTourist, setLevel } from './support/community';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const api = endpoints.topics;

async function followerCount(topicId: number) {
  const row = await t.database.db
    .selectFrom('topics')
    .select('follower_count')
    .where('id', '=', topicId)
    .executeTakeFirstOrThrow();
  return row.follower_count;
}

describe('topic/category', () => {
  it('answers the categories by position, for visitors too', async () => {
    const later = await insertCategory(t.database, { name: 'Retro news', position: 2 });
    const first = await insertCategory(t.database, { name: 'Handhelds', position: 1 });
    const { body } = await call(t.app, api.topicCategory, {});
    expect(body.code).toBe(1);
    const ids = (body.data as { id: number }[]).map((c) => c.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(later));
    expect(body.data).toContainEqual({ id: first, name: 'Handhelds', topic_type: 1, icon: '' });
  });
});

describe('topic/list', () => {
  it('pages a category with per-viewer follow flags and a cursor', async () => {
    const category = await insertCategory(t.database);
    const topics: number[] = [];
    for (let i = 0; i < 5; i += 1) topics.push(await insertTopic(t.database, { categoryId: category }));
    const { token } = await t.make.member();
    await call(t.app, api.topicFollow, { id: topics[1] }, { token });

    const first = await call(t.app, api.topicList, { category_id: category, num: 3 }, { token });
    const page1 = first.body.data as {
      list: { id: number; followed: boolean }[];
      total: number;
      cursor: string;
    };
    expect(page1.total).toBe(5);
    expect(page1.list.map((x) => x.id)).toEqual(topics.slice(0, 3));
    expect(page1.list.map((x) => x.followed)).toEqual([false, true, false]);
    expect(page1.cursor).toEqual(expect.any(String));

    const byCursor = await call(
      t.app,
      api.topicList,
      { category_id: category, num: 3, cursor: page1.cursor },
      { token },
    );
    const byPage = await call(t.app, api.topicList, { category_id: category, num: 3, page: 2 }, { token });
    for (const next of [byCursor, byPage]) {
      const data = next.body.data as { list: { id: number }[]; cursor: string | null };
      expect(data.list.map((x) => x.id)).toEqual(topics.slice(3));
      expect(data.cursor).toBeNull();
    }

    const visitor = await call(t.app, api.topicList, { category_id: category }, { method: 'GET' });
    expect((visitor.body.data as { list: { followed: boolean }[] }).list.every((x) => !x.followed)).toBe(
      true,
    );
  });

  it('answers the followed topics for category 0, and nothing to visitors', async () => {
    const a = await insertTopic(t.database);
    const b = await insertTopic(t.database);
    const { token } = await t.make.member();
    await call(t.app, api.topicFollow, { id: a, follow: true }, { token });
    await call(t.app, api.topicFollow, { id: b, follow: true }, { token });
    const { body } = await call(t.app, api.topicList, { category_id: 0 }, { token });
    expect(body.data).toMatchObject({ total: 2, cursor: null });
    const list = (body.data as { list: { id: number; followed: boolean }[] }).list;
    expect(list.map((x) => x.id).sort()).toEqual([a, b].sort());
    expect(list.every((x) => x.followed)).toBe(true);

    expect((await call(t.app, api.topicList, { category_id: 0 })).body.data).toEqual({
      list: [],
      total: 0,
      cursor: null,
    });
  });

  it('refuses a forged cursor readably', async () => {
    const { body } = await call(t.app, api.topicList, { category_id: 1, cursor: 'bm9wZQ' });
    expect(body).toMatchObject({ code: 0, msg: 'The request is not valid.' });
  });
});

describe('topic/detail', () => {
  it('answers the topic, or topic_not_found', async () => {
    const id = await insertTopic(t.database, { name: 'Speedruns', minLevel: 3, minAge: ADULT_AGE });
    const { body } = await call(t.app, api.topicDetail, { id }, { method: 'GET' });
    expect(body.data).toMatchObject({
      id,
      name: 'Speedruns',
      min_level: 3,
      min_age: ADULT_AGE,
      follower_count: 0,
      post_count: 0,
      followed: false,
    });
    expect((await call(t.app, api.topicDetail, { id: 987_654 })).body).toMatchObject({
      code: 0,
      msg: 'This topic does not exist',
    });
  });
});

describe('topic/follow', () => {
  it('toggles, or sets the state given, with the messages', async () => {
    const id = await insertTopic(t.database);
    const { token } = await t.make.member();
    const on = await call(t.app, api.topicFollow, { id }, { token });
    expect(on.body).toMatchObject({ code: 1, msg: 'Followed', data: { followed: true, follower_count: 1 } });
    const again = await call(t.app, api.topicFollow, { id, follow: true }, { token });
    expect(again.body.data).toEqual({ followed: true, follower_count: 1 });
    const off = await call(t.app, api.topicFollow, { id }, { token });
    expect(off.body).toMatchObject({ msg: 'Unfollowed', data: { followed: false, follower_count: 0 } });
    const offAgain = await call(t.app, api.topicFollow, { id, follow: false }, { token });
    expect(offAgain.body.data).toEqual({ followed: false, follower_count: 0 });
  });

  it('keeps the follower count exact under concurrent follows and toggles', async () => {
    const id = await insertTopic(t.database);
    const members = await Promise.all(Array.from({ length: 12 }, () => t.make.member()));
    await Promise.all(
      members.map((m) => call(t.app, api.topicFollow, { id, follow: true }, { token: m.token })),
    );
    expect(await followerCount(id)).toBe(12);
    // Each member sends the same explicit follow twice and one toggle (unfollow) at once.
    await Promise.all(
      members.flatMap((m) => [
        call(t.app, api.topicFollow, { id, follow: true }, { token: m.token }),
        call(t.app, api.topicFollow, { id, follow: true }, { token: m.token }),
      ]),
    );
    expect(await followerCount(id)).toBe(12);
    await Promise.all(
      members.slice(0, 5).map((m) => call(t.app, api.topicFollow, { id }, { token: m.token })),
    );
    expect(await followerCount(id)).toBe(7);
    const rows = await t.database.db
      .selectFrom('topic_follows')
      .select('user_id')
      .where('topic_id', '=', id)
      .execute();
    expect(rows).toHaveLength(7);
  });

  it('refuses visitors, tourists and missing topics', async () => {
    const id = await insertTopic(t.database);
    expect((await call(t.app, api.topicFollow, { id })).body.code).toBe(MainCode.Expired);
    const { user, token } = await t.make.member();
    await makeTourist(t, user.id);
    expect((await call(t.app, api.topicFollow, { id }, { token })).body).toMatchObject({
      code: 0,
      msg: 'Create an account to do this',
    });
    const member = await t.make.member();
    expect((await call(t.app, api.topicFollow, { id: 876_543 }, { token: member.token })).body.msg).toBe(
      'This topic does not exist',
    );
    expect(await followerCount(id)).toBe(0);
  });
});

describe('add/topic', () => {
  it('needs level 5: level 4 is refused, level 5 creates it', async () => {
    const category = await insertCategory(t.database);
    const { user, token } = await t.make.member();
    await setLevel(t.database, user.id, LEVEL_TOPIC_CREATE - 1);
    const refused = await call(t.app, api.addTopic, { category_id: category, name: 'Pixel art' }, { token });
    expect(refused.body).toEqual({
      code: 0,
      msg: 'This is only available to level 5 users.',
      data: null,
      reason: 'errors.level_required',
    });

    await setLevel(t.database, user.id, LEVEL_TOPIC_CREATE);
    const created = await call(
      t.app,
      api.addTopic,
      { category_id: category, name: 'Pixel art', description: 'Sprites and tiles' },
      { token },
    );
    expect(created.body).toMatchObject({
      code: 1,
      msg: 'Topic created',
      data: {
        category_id: category,
        name: 'Pixel art',
        description: 'Sprites and tiles',
        min_level: 1,
        min_age: 0,
        followed: false,
      },
    });
    const row = await t.database.db
      .selectFrom('topics')
      .select('created_by')
      .where('name', '=', 'Pixel art')
      .executeTakeFirstOrThrow();
    expect(Number(row.created_by)).toBe(user.id);
  });

  it('refuses a name taken in any case, even when two members race for it', async () => {
    const category = await insertCategory(t.database);
    const [a, b] = [await t.make.member(), await t.make.member()];
    await setLevel(t.database, a.user.id, 10);
    await setLevel(t.database, b.user.id, 10);
    const [ra, rb] = await Promise.all([
      call(t.app, api.addTopic, { category_id: category, name: 'Chiptune' }, { token: a.token }),
      call(t.app, api.addTopic, { category_id: category, name: 'CHIPTUNE' }, { token: b.token }),
    ]);
    expect([ra.body.code, rb.body.code].sort()).toEqual([0, 1]);
    expect([ra.body.msg, rb.body.msg]).toContain('A topic with this name already exists');
    const again = await call(
      t.app,
      api.addTopic,
      { category_id: category, name: 'chiptune' },
      { token: a.token },
    );
    expect(again.body.msg).toBe('A topic with this name already exists');
  });

  it('makes an adult topic 18+', async () => {
    const category = await insertCategory(t.database);
    const { user, token } = await t.make.member();
    await setLevel(t.database, user.id, 5);
    const { body } = await call(
      t.app,
      api.addTopic,
      { category_id: category, name: 'After dark', adult: true },
      { token },
    );
    expect(body.data).toMatchObject({ min_age: ADULT_AGE });
  });

  it('refuses tourists and unknown categories', async () => {
    const { user, token } = await t.make.member();
    await setLevel(t.database, user.id, 30);
    expect(
      (await call(t.app, api.addTopic, { category_id: 999_999, name: 'Nowhere' }, { token })).body.code,
    ).toBe(0);
    await makeTourist(t, user.id);
    const category = await insertCategory(t.database);
    expect(
      (await call(t.app, api.addTopic, { category_id: category, name: 'Visitors' }, { token })).body.msg,
    ).toBe('Create an account to do this');
  });
});
