import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { newsTarget, newsWording } from './news-wording';

const t = ((key: string, params?: Record<string, unknown>) =>
  params ? `${key}|${params.name}` : key) as unknown as TFunction;
const actor = { id: 8, nickname: 'Nova', avatar: '', level: 4, grade: 'novice' as const };
const item = (kind: string, extra: Partial<Parameters<typeof newsWording>[0]> = {}) => ({
  kind,
  text: '',
  actor,
  actor_id: 8,
  post_id: 31,
  ...extra,
});

describe('newsWording', () => {
  it('names the member for each action kind', () => {
    for (const kind of ['like', 'comment', 'reply', 'comment_like', 'follow'])
      expect(newsWording(item(kind), t).title).toBe(`inbox.kinds.${kind}|Nova`);
  });

  it('quotes the comment concerned for comments, replies and comment likes only', () => {
    expect(newsWording(item('comment', { text: 'Nice run!' }), t).quote).toBe('Nice run!');
    expect(newsWording(item('reply', { text: 'Thanks' }), t).quote).toBe('Thanks');
    expect(newsWording(item('comment_like', { text: 'GG' }), t).quote).toBe('GG');
    expect(newsWording(item('like', { text: 'stray' }), t).quote).toBeNull();
    expect(newsWording(item('follow', { text: 'stray' }), t).quote).toBeNull();
  });

  it('says "someone" when the member is gone', () => {
    expect(newsWording(item('follow', { actor: null }), t).title).toBe('inbox.kinds.follow|inbox.someone');
  });

  it('shows system messages as their text, and words welcome itself', () => {
    expect(newsWording(item('system', { text: 'Maintenance at 02:00', actor: null }), t).title).toBe(
      'Maintenance at 02:00',
    );
    expect(newsWording(item('welcome', { actor: null }), t).title).toBe('inbox.kinds.welcome');
    expect(newsWording(item('mystery', { text: '' }), t).title).toBe('inbox.kinds.other');
    expect(newsWording(item('export_ready', { actor: null, text: '' }), t).title).toBe('exportUi.news');
  });
});

describe('newsTarget', () => {
  it('opens the post, else the member, else nothing', () => {
    expect(newsTarget(item('like'))).toBe('/post/31');
    expect(newsTarget(item('follow', { post_id: null }))).toBe('/user/8');
    expect(newsTarget(item('follow', { post_id: null, actor: null }))).toBe('/user/8');
    expect(newsTarget(item('system', { post_id: null, actor: null, actor_id: null }))).toBeNull();
    expect(newsTarget(item('export_ready', { post_id: null, actor: null, actor_id: null }))).toBe(
      '/me/setting/accountandsecurity',
    );
  });
});

describe('what moderators did', () => {
  const mod = (kind: string, extra: Partial<Parameters<typeof newsWording>[0]> = {}) =>
    item(kind, { actor: null, actor_id: null, ...extra });

  it('words each kind without naming anyone, and quotes the reason or answer as it came', () => {
    expect(newsWording(mod('mod_removed', { ref_type: 'post', text: 'Spam <b>x</b>' }), t)).toEqual({
      title: 'modNotices.news.mod_removed_post',
      quote: 'Spam <b>x</b>',
    });
    expect(newsWording(mod('mod_removed', { ref_type: 'comment' }), t).title).toBe(
      'modNotices.news.mod_removed_comment',
    );
    expect(newsWording(mod('mod_restored', { ref_type: 'comment' }), t).title).toBe(
      'modNotices.news.mod_restored_comment',
    );
    for (const kind of [
      'mod_locked',
      'mod_warned',
      'mod_suspended',
      'mod_lifted',
      'appeal_answered',
      'post_held',
    ])
      expect(newsWording(mod(kind, { text: '' }), t)).toEqual({
        title: `modNotices.news.${kind}`,
        quote: null,
      });
  });

  it('leads to the post concerned, and sanctions and appeals to the member’s moderation page', () => {
    expect(newsTarget(mod('mod_removed', { ref_type: 'comment' }))).toBe('/post/31');
    expect(newsTarget(mod('post_released'))).toBe('/post/31');
    expect(newsTarget(mod('mod_removed', { post_id: null }))).toBe('/me/moderation');
    for (const kind of ['mod_warned', 'mod_suspended', 'mod_lifted', 'appeal_answered'])
      expect(newsTarget(mod(kind))).toBe('/me/moderation');
  });
});
