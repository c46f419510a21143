import { endpoints, type Post } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { call } from './helper';
import { insertTopic } from './support/community';
import { opsTestApp } from './support/ops';

const t = opsTestApp();
const { ops } = t;

async function publish(token: string, topicId: number, text: string): Promise<Post> {
  const { body } = await call(t.app, endpoints.posts.createPost, { topic_id: topicId, text }, { token });
  return body.data as Post;
}

// Each case starts real processes, which takes seconds on a loaded 2-core machine.
describe('posts and home operator commands', { timeout: 90_000 }, () => {
  it('pins and unpins a post, and refuses one that does not exist', async () => {
    const { token } = await t.make.member();
    const topicId = await insertTopic(t.database);
    const first = await publish(token, topicId, 'Rules of the hall');
    await publish(token, topicId, 'Newer chatter');
    expect(await ops('posts:pin', String(first.id))).toMatchObject({
      code: 0,
      out: expect.stringContaining(`pinned post ${first.id}`),
    });
    const pinned = await call(t.app, endpoints.posts.homePosts, {});
    expect((pinned.body.data as { list: Post[] }).list[0]).toMatchObject({ id: first.id, pinned: true });

    expect((await ops('posts:unpin', String(first.id))).code).toBe(0);
    const unpinned = await call(t.app, endpoints.posts.homePosts, {});
    expect((unpinned.body.data as { list: Post[] }).list[0]).toMatchObject({
      pinned: false,
      text: 'Newer chatter',
    });

    const missing = await ops('posts:pin', '999999');
    expect(missing).toMatchObject({ code: 1, out: expect.stringContaining('there is no post 999999') });
  });

  it('scores the dirty posts with feeds:refresh', async () => {
    const dirty = await t.database.db.selectFrom('posts').select('id').where('hot_dirty', '=', 1).execute();
    expect(dirty.length).toBeGreaterThan(0);
    const refreshed = await ops('feeds:refresh');
    expect(refreshed).toMatchObject({
      code: 0,
      out: expect.stringContaining(`scored ${dirty.length} posts`),
    });
    expect(await t.database.db.selectFrom('posts').select('id').where('hot_dirty', '=', 1).execute()).toEqual(
      [],
    );
  });

  it('adds banners in order and sets the popup', async () => {
    expect((await ops('banners:add', 'Summer jam', '/upload/files/a.webp', '#/topic/1')).code).toBe(0);
    expect((await ops('banners:add', 'Speedrun cup', '/upload/files/b.webp')).code).toBe(0);
    const banners = await call(t.app, endpoints.posts.bannerLists, {});
    expect(banners.body.data).toMatchObject([
      { title: 'Summer jam', image: '/upload/files/a.webp', link: '#/topic/1' },
      { title: 'Speedrun cup', link: '' },
    ]);

    expect((await ops('popup:set', 'Welcome', 'Double gold this weekend')).code).toBe(0);
    expect(
      (await ops('popup:set', 'Maintenance', 'Back at 14:00 UTC', 'https://status.example.org')).code,
    ).toBe(0);
    const popup = await call(t.app, endpoints.posts.popUp, {});
    expect(popup.body.data).toMatchObject({ title: 'Maintenance', link: 'https://status.example.org' });
    const open = await t.database.db
      .selectFrom('popups')
      .select('title')
      .where('ends_at', 'is', null)
      .execute();
    expect(open).toEqual([{ title: 'Maintenance' }]);

    expect((await ops('banners:add', 'No image')).code).toBe(1);
  });
});
