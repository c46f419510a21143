import type { Author, Comment, Reply } from '@pixelhall/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyToComments, applyToReplies, replySubtree } from './comment-cache';
import type { ListPage } from './list-pages';

const author = (id: number): Author => ({ id, nickname: `m${id}`, avatar: '', level: 1, grade: 'novice' });

function reply(id: number, fields: Partial<Reply> = {}): Reply {
  return {
    id,
    post_id: 1,
    root_id: 1,
    parent_id: 1,
    depth: 1,
    user: author(2),
    reply_to: author(1),
    text: '',
    like_count: 0,
    reply_count: 0,
    liked: false,
    mine: false,
    created_at: id,
    removed: null,
    edited_at: null,
    ...fields,
  };
}

function comment(id: number, replies: Reply[] = [], fields: Partial<Comment> = {}): Comment {
  return {
    ...reply(id, { root_id: null, parent_id: null, depth: 0, reply_to: null }),
    reply_count: replies.length,
    replies,
    ...fields,
  };
}

const pages = <T>(...lists: T[][]): InfiniteData<ListPage<T>> => ({
  pages: lists.map((list) => ({ list, total: lists.flat().length, cursor: null })),
  pageParams: lists.map((_, i) => ({ page: i + 1 })),
});

describe('replySubtree', () => {
  it('takes the reply and everything answering it, at any depth', () => {
    const thread = [reply(2), reply(3, { parent_id: 2 }), reply(4, { parent_id: 3 }), reply(5)];
    expect(replySubtree(2, thread).sort()).toEqual([2, 3, 4]);
    expect(replySubtree(5, thread)).toEqual([5]);
  });
});

describe('applyToComments', () => {
  const data = pages([comment(1, [reply(2), reply(3, { parent_id: 2 })]), comment(9)], [comment(20)]);

  it('puts a new comment at the head and counts it', () => {
    const next = applyToComments(data, { kind: 'comment', comment: comment(30) })!;
    expect(next.pages[0]!.list.map((c) => c.id)).toEqual([30, 1, 9]);
    expect(next.pages.map((p) => p.total)).toEqual([4, 4]);
    expect(applyToComments(next, { kind: 'comment', comment: comment(30) })).toBe(next);
  });

  it('adds a reply to its thread once and counts it', () => {
    const mine = reply(40, { parent_id: 3, depth: 2 });
    const next = applyToComments(data, { kind: 'reply', rootId: 1, reply: mine })!;
    const thread = next.pages[0]!.list[0]!;
    expect(thread.replies.map((r) => r.id)).toEqual([2, 3, 40]);
    expect(thread.reply_count).toBe(3);
    expect(next.pages[1]).toBe(data.pages[1]);
    expect(applyToComments(next, { kind: 'reply', rootId: 1, reply: mine })).toEqual(next);
  });

  it('shows a like on a comment or on a reply, and nothing else changes', () => {
    const liked = applyToComments(data, { kind: 'like', id: 3, liked: true, like_count: 5 })!;
    expect(liked.pages[0]!.list[0]!.replies[1]).toMatchObject({ liked: true, like_count: 5 });
    expect(liked.pages[0]!.list[1]).toBe(data.pages[0]!.list[1]);
    expect(liked.pages[1]).toBe(data.pages[1]);
    const top = applyToComments(data, { kind: 'like', id: 20, liked: true, like_count: 1 })!;
    expect(top.pages[1]!.list[0]!.liked).toBe(true);
    expect(applyToComments(top, { kind: 'like', id: 20, liked: true, like_count: 1 })).toBe(top);
  });

  it('removes a deleted comment with its count', () => {
    const next = applyToComments(data, { kind: 'delete', rootId: null, ids: [9] })!;
    expect(next.pages[0]!.list.map((c) => c.id)).toEqual([1]);
    expect(next.pages.map((p) => p.total)).toEqual([2, 2]);
  });

  it('removes a deleted reply and the replies below it from the thread', () => {
    const next = applyToComments(data, { kind: 'delete', rootId: 1, ids: [2, 3] })!;
    expect(next.pages[0]!.list[0]).toMatchObject({ replies: [], reply_count: 0 });
    expect(next.pages[0]!.total).toBe(3);
  });

  it('leaves no data as no data', () => {
    expect(applyToComments(undefined, { kind: 'delete', rootId: null, ids: [1] })).toBeUndefined();
  });
});

describe('applyToReplies', () => {
  const thread = pages([reply(4), reply(5, { parent_id: 4 })], [reply(6)]);

  it('shows likes and drops deleted replies with the count', () => {
    const liked = applyToReplies(thread, { kind: 'like', id: 6, liked: true, like_count: 2 })!;
    expect(liked.pages[1]!.list[0]!.liked).toBe(true);
    expect(liked.pages[0]).toBe(thread.pages[0]);
    const gone = applyToReplies(thread, { kind: 'delete', rootId: 1, ids: [4, 5] })!;
    expect(gone.pages.map((p) => p.list.length)).toEqual([0, 1]);
    expect(gone.pages.map((p) => p.total)).toEqual([1, 1]);
  });

  it('keeps the same data when nothing in it is touched', () => {
    expect(applyToReplies(thread, { kind: 'delete', rootId: 1, ids: [99] })).toBe(thread);
    expect(applyToReplies(thread, { kind: 'reply', rootId: 1, reply: reply(7) })).toBe(thread);
  });
});

describe('an edited comment or reply', () => {
  const data = pages([comment(1, [reply(2), reply(3, { parent_id: 2 })]), comment(9)]);

  it('takes the new text and edited time wherever it shows, a comment keeping its replies', () => {
    const edited = { ...reply(3, { parent_id: 2 }), text: 'Better words', edited_at: 50 };
    const next = applyToComments(data, { kind: 'replace', reply: edited })!;
    expect(next.pages[0]!.list[0]!.replies[1]).toMatchObject({ text: 'Better words', edited_at: 50 });
    expect(next.pages[0]!.list[1]).toBe(data.pages[0]!.list[1]);

    const top = { ...comment(1), text: 'Top, edited', edited_at: 60 };
    const { replies: _drop, ...asReply } = top;
    const again = applyToComments(data, { kind: 'replace', reply: asReply })!;
    expect(again.pages[0]!.list[0]).toMatchObject({ text: 'Top, edited', edited_at: 60 });
    expect(again.pages[0]!.list[0]!.replies.map((r) => r.id)).toEqual([2, 3]);

    const thread = applyToReplies(pages([reply(2), reply(3)]), { kind: 'replace', reply: edited })!;
    expect(thread.pages[0]!.list[1]).toMatchObject({ text: 'Better words', edited_at: 50 });
  });
});
