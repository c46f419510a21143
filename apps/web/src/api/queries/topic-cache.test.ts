import type { Topic } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { applyTopicFollow } from './topic-cache';

const topic = (id: number, followed = false): Topic => ({
  id,
  category_id: 1,
  name: `T${id}`,
  icon: '',
  description: '',
  min_level: 1,
  min_age: 0,
  follower_count: 10,
  post_count: 3,
  followed,
  created_at: 0,
});

describe('applyTopicFollow', () => {
  it('sets the follow state of the topic in lists and details', () => {
    const list = {
      pages: [{ list: [topic(1), topic(2)], total: 2, cursor: null }],
      pageParams: [{ page: 1 }],
    };
    const next = applyTopicFollow(list, 2, { followed: true, follower_count: 11 });
    expect(next.pages[0]!.list[1]).toMatchObject({ followed: true, follower_count: 11 });
    expect(next.pages[0]!.list[0]).toBe(list.pages[0]!.list[0]);
    expect(applyTopicFollow(topic(2), 2, { followed: true, follower_count: 11 }).followed).toBe(true);
  });

  it("doesn't touch a post's topic reference or other topics", () => {
    const data = {
      posts: [{ id: 5, topic: { id: 2, name: 'T2', icon: '', min_age: 0 } }],
      topics: [topic(3)],
    };
    expect(applyTopicFollow(data, 2, { followed: true, follower_count: 1 })).toBe(data);
  });
});
