import type { News } from '@pixelhall/contract';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { groupNews } from './news-groups';
import { groupWording } from './news-wording';

const member = (id: number, nickname: string) => ({
  id,
  nickname,
  avatar: '',
  level: 3,
  grade: 'novice' as const,
});
const ana = member(1, 'Ana');
const bo = member(2, 'Bo');
const cy = member(3, 'Cy');
const di = member(4, 'Di');

let nextId = 100;
const news = (kind: string, actor: ReturnType<typeof member>, extra: Partial<News> = {}): News => ({
  id: nextId--,
  kind,
  text: '',
  actor_id: actor.id,
  actor,
  ref_type: kind === 'comment_like' ? 'comment' : kind === 'follow' ? null : 'post',
  ref_id: kind === 'follow' ? null : 7,
  post_id: kind === 'follow' ? null : 31,
  post_text: null,
  read: true,
  created_at: nextId,
  ...extra,
});

const t = ((key: string, params?: Record<string, unknown>) =>
  params?.count === undefined
    ? `${key}|${params?.name}`
    : `${key}|${params.name}|${params.count}`) as unknown as TFunction;

describe('groupNews', () => {
  it('makes four likes of one comment one row, worded by the newest liker with the others counted', () => {
    const items = [
      news('comment_like', ana, { text: 'GG', read: false }),
      news('comment_like', bo, { text: 'GG' }),
      news('comment_like', cy, { text: 'GG' }),
      news('comment_like', di, { text: 'GG' }),
    ];
    const groups = groupNews(items);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ id: items[0]!.id, read: false });
    expect(groups[0]!.actors.map((a) => a.nickname)).toEqual(['Ana', 'Bo', 'Cy', 'Di']);
    expect(groupWording(groups[0]!, t)).toEqual({ title: 'inbox.grouped.comment_like|Ana|3', quote: 'GG' });
  });

  it('keeps different targets and kinds apart, and comments on their own rows', () => {
    const groups = groupNews([
      news('like', ana),
      news('like', bo, { ref_id: 8, post_id: 32 }),
      news('comment', cy, { text: 'Nice' }),
      news('comment', di, { text: 'Wow' }),
      news('like', cy),
      news('follow', di),
      news('follow', ana),
    ]);
    expect(groups.map((g) => [g.items[0]!.kind, g.actors.map((a) => a.nickname)])).toEqual([
      ['like', ['Ana', 'Cy']],
      ['like', ['Bo']],
      ['comment', ['Cy']],
      ['comment', ['Di']],
      ['follow', ['Di', 'Ana']],
    ]);
  });

  it('counts a member once, and words a group of one member as a single item', () => {
    const [group] = groupNews([news('like', ana), news('like', ana)]);
    expect(group!.items).toHaveLength(2);
    expect(groupWording(group!, t).title).toBe('inbox.kinds.like|Ana');
  });

  it('groups the same way over a page seam as within one page, and never repeats an item', () => {
    const items = [news('like', ana), news('comment', bo), news('like', cy), news('like', di)];
    const onePage = groupNews(items);
    // The second page starts with the last item of the first again (the list grew meanwhile).
    const twoPages = groupNews([...items.slice(0, 2), items[1]!, ...items.slice(2)]);
    expect(twoPages).toEqual(onePage);
    expect(onePage.map((g) => g.items.length)).toEqual([3, 1]);
  });
});
