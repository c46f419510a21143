import { endpoints, type Post } from '@pixelhall/contract';
import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { emitAppEvent } from '../../core/events';
import { feedPosts, postKeys, syncPostEvents } from './post-cache';
import { post } from './post-fixture';

type PostPage = { list: Post[]; total: number; cursor: string | null };
const queryClient = new QueryClient();
syncPostEvents(queryClient);
syncPostEvents(queryClient);

const page = (posts: Post[], cursor: string | null = null): PostPage => ({
  list: posts,
  total: posts.length,
  cursor,
});
const infinite = (...pages: PostPage[]): InfiniteData<PostPage, string | null> => ({
  pages,
  pageParams: pages.map((_, i) => (i ? `c${i}` : null)),
});

describe('post events reach every cached copy', () => {
  afterEach(() => queryClient.clear());

  it('applies like, comment, share and delete to feeds, details and search answers', () => {
    const newKey = postKeys.feed(endpoints.posts.homePosts, {});
    const topicKey = postKeys.feed(endpoints.posts.postsList, { topic_id: 1, sort: 'new' });
    const detailKey = [...postKeys.detail(1), { adult_confirmed: false }] as const;
    const searchKey = ['search', 'results', 'retro', 'all'] as const;
    queryClient.setQueryData(newKey, infinite(page([post(1), post(2)], 'c1')));
    queryClient.setQueryData(topicKey, infinite(page([post(2), post(1)])));
    queryClient.setQueryData(detailKey, post(1));
    queryClient.setQueryData(searchKey, {
      pages: [{ posts: [post(1)], topics: [], users: [], total: 1, cursor: null }],
    });

    emitAppEvent('like', { postId: 1, liked: true, likeCount: 6 });
    emitAppEvent('comment', { postId: 1, commentCount: 3 });
    emitAppEvent('share', { postId: 1, shareCount: 2 });

    const expected = { liked: true, like_count: 6, comment_count: 3, share_count: 2 };
    expect(feedPosts(queryClient.getQueryData(newKey))[0]).toMatchObject(expected);
    expect(feedPosts(queryClient.getQueryData(topicKey))[1]).toMatchObject(expected);
    expect(queryClient.getQueryData(detailKey)).toMatchObject(expected);
    expect(
      queryClient.getQueryData<{ pages: { posts: Post[] }[] }>(searchKey)!.pages[0]!.posts[0],
    ).toMatchObject(expected);

    emitAppEvent('deletePost', { postId: 2 });
    expect(feedPosts(queryClient.getQueryData(newKey)).map((p) => p.id)).toEqual([1]);
    expect(feedPosts(queryClient.getQueryData(topicKey)).map((p) => p.id)).toEqual([1]);
  });

  it('keys the home feeds under home and the other lists under posts', () => {
    expect(postKeys.feed(endpoints.posts.homeFeeds, {})[0]).toBe('home');
    expect(postKeys.feed(endpoints.posts.userPosts, { user_id: 3 })[0]).toBe('posts');
  });
});

describe('feedPosts', () => {
  it('shows a post that moved between pages once, in its first place', () => {
    const data = infinite(page([post(1), post(2)], 'c1'), page([post(2), post(3)]));
    expect(feedPosts(data).map((p) => p.id)).toEqual([1, 2, 3]);
    expect(feedPosts(undefined)).toEqual([]);
  });
});
