import { describe, expect, it } from 'vitest';
import { applyFollow } from './follow-cache';

const card = (id: number, followed: boolean, follower_count: number) => ({
  id,
  nickname: `m${id}`,
  avatar: '',
  level: 3,
  grade: 'novice',
  signature: '',
  follower_count,
  followed,
  follows_you: false,
});

const profile = (id: number, follower_count: number) => ({
  id,
  username: `u${id}`,
  nickname: `m${id}`,
  follower_count,
  following_count: 4,
  post_count: 1,
});

describe('applyFollow', () => {
  it('sets followed and the server count on every card of the member in infinite pages', () => {
    const data = {
      pages: [
        { list: [card(1, false, 10), card(2, false, 5)], total: 3, cursor: 'x' },
        { list: [card(1, false, 10)], total: 3, cursor: null },
      ],
      pageParams: [{ page: 1 }, { cursor: 'x' }],
    };
    const next = applyFollow(data, { userId: 1, followed: true, followerCount: 11 });
    expect(next.pages[0]!.list[0]).toMatchObject({ followed: true, follower_count: 11 });
    expect(next.pages[1]!.list[0]).toMatchObject({ followed: true, follower_count: 11 });
    // Other members and unchanged structure keep their identity.
    expect(next.pages[0]!.list[1]).toBe(data.pages[0]!.list[1]);
    expect(next.pageParams).toBe(data.pageParams);
  });

  it('moves the count by one when the answer has no count, only if the state really changed', () => {
    const followed = card(7, true, 3);
    expect(applyFollow(followed, { userId: 7, followed: false })).toMatchObject({
      followed: false,
      follower_count: 2,
    });
    // Repeating an event (two screens, a retry) changes nothing more.
    expect(applyFollow(followed, { userId: 7, followed: true })).toBe(followed);
    expect(applyFollow(card(7, false, 0), { userId: 7, followed: false })).toMatchObject({
      follower_count: 0,
    });
  });

  it('updates the follower count of a profile, and leaves it without a count to go by', () => {
    const p = profile(4, 99);
    expect(applyFollow(p, { userId: 4, followed: true, followerCount: 100 })).toMatchObject({
      follower_count: 100,
    });
    expect(applyFollow(p, { userId: 4, followed: true })).toBe(p);
  });

  it('does not take a topic with the same id for a member', () => {
    const topic = { id: 5, name: 'RPG', followed: false, follower_count: 12, post_count: 3 };
    expect(applyFollow(topic, { userId: 5, followed: true, followerCount: 1 })).toBe(topic);
  });

  it('finds members nested in other answers (search results) and returns the same object when none match', () => {
    const search = { posts: [], topics: [], users: [card(3, false, 1)], total: 0, cursor: null };
    const next = applyFollow(search, { userId: 3, followed: true, followerCount: 2 });
    expect(next.users[0]).toMatchObject({ followed: true, follower_count: 2 });
    expect(next.posts).toBe(search.posts);
    expect(applyFollow(search, { userId: 99, followed: true, followerCount: 2 })).toBe(search);
  });
});
