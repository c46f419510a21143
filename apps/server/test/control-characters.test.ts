import { endpoints } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasControlCharacter } from '../src/http/control-characters';
import { buildTestApp, call, type TestApp } from './helper';
import { insertTopic } from './support/community';

let t: TestApp;
let token: string;
let topicId: number;
let postId: number;
let commentId: number;
beforeAll(async () => {
  t = await buildTestApp();
  ({ token } = await t.make.member());
  topicId = await insertTopic(t.database);
  const post = await call(t.app, endpoints.posts.createPost, { topic_id: topicId, text: 'Hello' }, { token });
  postId = (post.body.data as { id: number }).id;
  const comment = await call(
    t.app,
    endpoints.comments.postComment,
    { post_id: postId, text: 'Hi' },
    { token },
  );
  commentId = (comment.body.data as { id: number }).id;
});
afterAll(() => t.close());

const refused = {
  code: 0,
  msg: 'The text contains characters that cannot be used.',
  data: null,
  reason: 'errors.control_characters',
};
const NUL = 'a\u0000b';

describe('control characters in text fields', () => {
  it('refuses NUL with a translated message on every text field, before the database sees it', async () => {
    const cases: Array<[Parameters<typeof call>[1], Record<string, unknown>]> = [
      [endpoints.posts.createPost, { topic_id: topicId, text: NUL }],
      [endpoints.comments.postComment, { post_id: postId, text: NUL }],
      [endpoints.comments.replyComment, { comment_id: commentId, text: NUL }],
      [endpoints.users.editUser, { nickname: NUL }],
      [endpoints.users.editUser, { signature: NUL }],
      [endpoints.topics.addTopic, { category_id: 1, name: NUL, description: 'x' }],
      [endpoints.posts.report, { target: 'post', id: postId, reason: 'spam', text: NUL }],
      [endpoints.search.searchLists, { keyword: NUL }],
      [endpoints.auth.login, { username: NUL, password: 'whatever-password' }],
      [endpoints.games.gameList, { keyword: NUL }],
    ];
    for (const [def, payload] of cases) {
      const { status, body } = await call(t.app, def, payload, { token });
      expect({ path: def.path, status, body }).toEqual({ path: def.path, status: 200, body: refused });
    }
  });

  it('refuses them in query strings and in nested values, in the caller’s language', async () => {
    const get = await call(t.app, endpoints.search.searchLists, { keyword: NUL }, { method: 'GET' });
    expect(get.body).toEqual(refused);
    const game = await call(t.app, endpoints.games.gameList, { keyword: 'x\u001b' }, { method: 'GET' });
    expect(game.body).toEqual(refused);
    const nested = await call(
      t.app,
      endpoints.posts.createPost,
      { topic_id: topicId, text: 'Fine', files: [{ sha256: 'a'.repeat(64), name: 'x\u0007.zip' }] },
      { token, locale: 'ja-JP' },
    );
    expect(nested.body).toEqual({ ...refused, msg: '使用できない文字が含まれています。' });
  });

  it('keeps tabs and line breaks', async () => {
    const { body } = await call(
      t.app,
      endpoints.posts.createPost,
      { topic_id: topicId, text: 'Line one\r\n\tLine two' },
      { token },
    );
    expect(body).toMatchObject({ code: 1, data: { text: 'Line one\r\n\tLine two' } });
  });
});

describe('hasControlCharacter', () => {
  it('finds them in strings at any depth, and nothing else', () => {
    expect(hasControlCharacter('tab\tnew\nline\rok')).toBe(false);
    expect(hasControlCharacter({ a: [1, true, null, { b: 'x\u001f' }] })).toBe(true);
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(hasControlCharacter(deep)).toBe(true);
    expect(hasControlCharacter(undefined)).toBe(false);
    // Fastify's query parser builds its object on a prototype of its own.
    expect(hasControlCharacter(Object.assign(Object.create(Object.create(null)), { q: 'a\u0000' }))).toBe(
      true,
    );
  });
});
