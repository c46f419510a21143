import { describe, expect, it } from 'vitest';
import { applyPostChange } from './post-cache';
import { post } from './post-fixture';

const feed = () => ({
  pages: [
    { list: [post(1), post(2)], total: 3, cursor: 'c1' },
    { list: [post(3)], total: 3, cursor: null },
  ],
  pageParams: [null, 'c1'],
});

describe('applyPostChange', () => {
  it('updates the post in every page of a feed and leaves the other pages as they were', () => {
    const before = feed();
    const after = applyPostChange(before, {
      kind: 'fields',
      postId: 3,
      fields: { liked: true, like_count: 6 },
    });
    expect(after.pages[1]!.list[0]).toMatchObject({ id: 3, liked: true, like_count: 6 });
    expect(after.pages[0]).toBe(before.pages[0]);
    expect(before.pages[1]!.list[0]!.liked).toBe(false);
  });

  it('updates a detail and the post inside a search answer', () => {
    expect(
      applyPostChange(post(1), { kind: 'fields', postId: 1, fields: { comment_count: 7 } }).comment_count,
    ).toBe(7);
    const search = { posts: [post(1)], topics: [], users: [], total: 1, cursor: null };
    const next = applyPostChange(search, { kind: 'fields', postId: 1, fields: { share_count: 4 } });
    expect(next.posts[0]!.share_count).toBe(4);
  });

  it('answers the same data when the post is not there or nothing changes', () => {
    const data = feed();
    expect(applyPostChange(data, { kind: 'fields', postId: 99, fields: { liked: true } })).toBe(data);
    expect(applyPostChange(data, { kind: 'fields', postId: 1, fields: { like_count: 5 } })).toBe(data);
    expect(applyPostChange(data, { kind: 'delete', postId: 99 })).toBe(data);
  });

  it('removes a deleted post from the lists and lowers their totals', () => {
    const after = applyPostChange(feed(), { kind: 'delete', postId: 2 });
    expect(after.pages[0]!.list.map((p) => p.id)).toEqual([1]);
    expect(after.pages[0]!.total).toBe(2);
    expect(after.pages[1]!.total).toBe(3);
  });

  it('leaves things that only look a bit like posts alone', () => {
    const comment = { id: 1, like_count: 2, reply_count: 0, text: 'hi' };
    expect(applyPostChange([comment], { kind: 'delete', postId: 1 })).toEqual([comment]);
  });
});

describe('applyPostChange replace', () => {
  it('puts the unlocked post in place of every locked copy, leaving the rest untouched', () => {
    const locked = post(2, { price: 30, locked: true, text: 'teaser', file_count: 1 });
    const before = {
      pages: [{ list: [post(1), locked], total: 2, cursor: null }],
      pageParams: [null],
    };
    const unlocked = post(2, { price: 30, locked: false, text: 'the whole text', file_count: 1 });
    const after = applyPostChange(before, { kind: 'replace', postId: 2, post: unlocked });
    expect(after.pages[0]!.list[1]).toBe(unlocked);
    expect(after.pages[0]!.list[0]).toBe(before.pages[0]!.list[0]);
    expect(after.pages[0]!.total).toBe(2);
    expect(applyPostChange(locked, { kind: 'replace', postId: 2, post: unlocked })).toBe(unlocked);
  });

  it('answers the same data when the post is not cached there', () => {
    const data = feed();
    expect(applyPostChange(data, { kind: 'replace', postId: 42, post: post(42) })).toBe(data);
  });
});
