import { endpoints } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helper';
import { insertTopic } from './support/community';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const refused = { code: 0, msg: 'The request is not valid.', data: null, reason: 'errors.invalid_payload' };

describe('ids are integers, never booleans', () => {
  it('does not take {"id": true} for the first post', async () => {
    const member = await t.make.member();
    const topicId = await insertTopic(t.database);
    const created = await call(
      t.app,
      endpoints.posts.createPost,
      { topic_id: topicId, text: 'The first post' },
      { token: member.token },
    );
    expect(created.body.data).toMatchObject({ id: 1 });

    const like = await call(t.app, endpoints.posts.likePost, { id: true }, { token: member.token });
    expect(like.body).toEqual(refused);
    const row = await t.database.db
      .selectFrom('posts')
      .select('like_count')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(row.like_count).toBe(0);

    expect((await call(t.app, endpoints.posts.postDetail, { id: true })).body).toEqual(refused);
    expect((await call(t.app, endpoints.posts.postDetail, { id: 'true' }, { method: 'GET' })).body).toEqual(
      refused,
    );
  });

  it('still reads the digits a query string carries', async () => {
    const { body } = await call(t.app, endpoints.posts.postDetail, { id: '1' }, { method: 'GET' });
    expect(body).toMatchObject({ code: 1, data: { id: 1 } });
  });
});
