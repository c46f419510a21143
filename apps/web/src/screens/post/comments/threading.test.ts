import type { Author, Comment, Reply } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { canDelete, hiddenReplies, replyTarget, threadReplies } from './threading';

const author = (id: number): Author => ({ id, nickname: `m${id}`, avatar: '', level: 1, grade: 'novice' });

function reply(id: number, fields: Partial<Reply> = {}): Reply {
  return {
    id,
    post_id: 1,
    root_id: 10,
    parent_id: 10,
    depth: 1,
    user: author(id + 100),
    reply_to: author(1),
    text: `r${id}`,
    like_count: 0,
    reply_count: 0,
    liked: false,
    mine: false,
    created_at: id * 1000,
    removed: null,
    edited_at: null,
    ...fields,
  };
}

const root: Comment = {
  ...reply(10, { root_id: null, parent_id: null, depth: 0, reply_to: null, user: author(1), created_at: 0 }),
  reply_count: 6,
  replies: [reply(11), reply(12), reply(13)],
};

describe('threadReplies', () => {
  it('merges the preview with the pages asked for, each reply once, oldest first', () => {
    const more = [reply(12), reply(13), reply(14), reply(15)];
    expect(threadReplies(root, more).map((r) => r.id)).toEqual([11, 12, 13, 14, 15]);
  });

  it('places a reply posted from here after the older ones', () => {
    const mine = reply(20, { created_at: 99_000 });
    const withMine = { ...root, replies: [...root.replies, mine] };
    expect(threadReplies(withMine, [reply(14)]).map((r) => r.id)).toEqual([11, 12, 13, 14, 20]);
  });

  it('orders replies of the same millisecond by id', () => {
    const same = [reply(31, { created_at: 5 }), reply(30, { created_at: 5 })];
    expect(threadReplies({ replies: same }).map((r) => r.id)).toEqual([30, 31]);
  });
});

describe('hiddenReplies', () => {
  it('counts the replies not on screen, never below zero', () => {
    expect(hiddenReplies(root, 3)).toBe(3);
    expect(hiddenReplies(root, 6)).toBe(0);
    expect(hiddenReplies(root, 8)).toBe(0);
  });
});

describe('replyTarget', () => {
  it('says nothing for a reply straight to the comment', () => {
    expect(replyTarget(reply(11), root)).toBeNull();
  });

  it('names whom a reply to a reply answers', () => {
    const deeper = reply(14, { parent_id: 12, depth: 2, reply_to: author(112) });
    expect(replyTarget(deeper, root)).toEqual(author(112));
  });

  it('names the author even under the comment when it answers someone else (depth limit)', () => {
    const beside = reply(15, { parent_id: 10, reply_to: author(113) });
    expect(replyTarget(beside, root)?.id).toBe(113);
  });

  it('says nothing when the reply answers nobody known', () => {
    expect(replyTarget(reply(16, { parent_id: 12, reply_to: null }), root)).toBeNull();
  });
});

describe('canDelete', () => {
  it('allows one’s own comments, and any comment on one’s own post', () => {
    expect(canDelete({ mine: true }, false)).toBe(true);
    expect(canDelete({ mine: false }, true)).toBe(true);
    expect(canDelete({ mine: false }, false)).toBe(false);
  });
});
