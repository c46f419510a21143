import { endpoints, MainCode } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helper';

const latestNews = endpoints.users.latestNews;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function markRead(newsId: number) {
  await t.database.db.updateTable('news').set({ read_at: t.clock.now }).where('id', '=', newsId).execute();
}

describe('latest/news', () => {
  it('answers nothing for a member without news', async () => {
    const { token } = await t.make.member();
    const { body } = await call(t.app, latestNews, {}, { token });
    expect(body).toEqual({ code: 1, msg: 'OK', data: { unread: 0, latest: null } });
  });

  it('welcomes a member who signs up', async () => {
    const payload = { username: 'newsreader', email: 'newsreader@example.org', password: 'correct horse' };
    const { token, user } = (await call(t.app, endpoints.auth.register, payload)).body.data as {
      token: string;
      user: { id: number };
    };
    const { body } = await call(t.app, latestNews, {}, { token });
    expect(body.data).toEqual({
      unread: 1,
      latest: {
        id: expect.any(Number),
        kind: 'welcome',
        text: '',
        actor_id: null,
        ref_type: null,
        ref_id: null,
        read: false,
        created_at: t.clock.now,
      },
    });
    const rows = await t.database.db
      .selectFrom('news')
      .select('user_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it("counts only the member's unread news and shows the newest, read or not", async () => {
    const { user, token } = await t.make.member();
    const fan = await t.make.user();
    const stranger = await t.make.member();
    const add = (kind: string, refId: number) => {
      t.clock.advance(1000);
      return t.services.news.add(user.id, { kind, actorId: fan.id, refType: 'post', refId }, t.clock.now);
    };
    const first = await add('like', 1);
    await add('comment', 2);
    const newest = await add('follow', 3);
    await t.services.news.add(stranger.user.id, { kind: 'like', text: 'not yours' }, t.clock.now);

    let { body } = await call(t.app, latestNews, {}, { token });
    expect(body.data).toMatchObject({
      unread: 3,
      latest: { id: newest, kind: 'follow', actor_id: fan.id, ref_type: 'post', ref_id: 3, read: false },
    });

    await markRead(first);
    await markRead(newest);
    // GET works too, as the session's start-up call uses it.
    ({ body } = await call(t.app, latestNews, {}, { token, method: 'GET' }));
    expect(body.data).toMatchObject({ unread: 1, latest: { id: newest, read: true } });

    ({ body } = await call(t.app, latestNews, {}, { token: stranger.token }));
    expect(body.data).toMatchObject({
      unread: 1,
      latest: { kind: 'like', text: 'not yours', actor_id: null },
    });
  });

  it('needs a token', async () => {
    expect((await call(t.app, latestNews)).body.code).toBe(MainCode.Expired);
  });
});
