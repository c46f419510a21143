import type { News } from '@pixelhall/contract';
import type { TFunction } from 'i18next';
import type { NewsGroup } from './news-groups';

/** Kinds worded as "<actor> did something"; their key is `inbox.kinds.<kind>` with `{{name}}`. */
const ACTOR_KINDS = ['like', 'comment', 'reply', 'comment_like', 'follow'] as const;
/** Kinds that group (news-groups.ts); their key is `inbox.grouped.<kind>`, counting the others. */
const GROUPED_KINDS = ['like', 'comment_like', 'follow'] as const;
/** Kinds whose `text` is a comment: the one written, or the one liked. */
const QUOTED_KINDS = new Set(['comment', 'reply', 'comment_like']);

/**
 * What moderators did about the member and their content (docs/product/moderation.md#what-members-see):
 * no actor is named; the reason, or an appeal's answer, is quoted as the member's own plain text.
 */
const MOD_KINDS = [
  'mod_removed',
  'mod_restored',
  'mod_locked',
  'mod_warned',
  'mod_suspended',
  'mod_banned',
  'mod_lifted',
  'appeal_answered',
  'post_released',
  'post_held',
] as const;
/** Of those, the ones about a member rather than a post: they lead to the member's moderation page. */
const MOD_MEMBER_KINDS = new Set([
  'mod_warned',
  'mod_suspended',
  'mod_banned',
  'mod_lifted',
  'appeal_answered',
]);
/** C's screen of everything moderators did about the member, with appeals. */
const MODERATION_TARGET = '/me/moderation';

/** The server's kind is a plain string: a kind this app does not word yet is none of these. */
const isOneOf = <K extends string>(kinds: readonly K[], kind: string): kind is K =>
  (kinds as readonly string[]).includes(kind);
type NewsLike = Pick<News, 'kind' | 'text' | 'actor' | 'actor_id' | 'post_id'> &
  Partial<Pick<News, 'ref_type'>>;

export interface NewsWording {
  /** The line that says what happened. */
  title: string;
  /** The comment concerned (written or liked), quoted under the title; null for other kinds. */
  quote: string | null;
}

/**
 * How an inbox item reads: member actions name the member; operator messages (`system`) are
 * their text; a kind this app does not know yet falls back to its text.
 */
export function newsWording(item: NewsLike, t: TFunction): NewsWording {
  const { kind } = item;
  if (isOneOf(ACTOR_KINDS, kind)) {
    const name = item.actor?.nickname || t('inbox.someone');
    const quote = QUOTED_KINDS.has(kind) && item.text ? item.text : null;
    return { title: t(`inbox.kinds.${kind}`, { name }), quote };
  }
  if (isOneOf(MOD_KINDS, kind)) return { title: modTitle(kind, item.ref_type, t), quote: item.text || null };
  if (kind === 'welcome') return { title: t('inbox.kinds.welcome'), quote: null };
  if (kind === 'export_ready') return { title: t('exportUi.news'), quote: null };
  return { title: item.text || t('inbox.kinds.other'), quote: null };
}

/**
 * How a group of items reads: one member reads as their item does; more name the newest and
 * count the others ("Ana and 3 others liked your comment", pluralised per language).
 */
export function groupWording(group: NewsGroup, t: TFunction): NewsWording {
  const newest = group.items[0]!;
  const single = newsWording(newest, t);
  const [first] = group.actors;
  if (group.actors.length < 2 || !first || !isOneOf(GROUPED_KINDS, newest.kind)) return single;
  const others = group.actors.length - 1;
  const name = first.nickname || t('inbox.someone');
  return { title: t(`inbox.grouped.${newest.kind}`, { name, count: others }), quote: single.quote };
}

function modTitle(
  kind: (typeof MOD_KINDS)[number],
  refType: string | null | undefined,
  t: TFunction,
): string {
  const comment = refType === 'comment';
  if (kind === 'mod_removed')
    return comment ? t('modNotices.news.mod_removed_comment') : t('modNotices.news.mod_removed_post');
  if (kind === 'mod_restored')
    return comment ? t('modNotices.news.mod_restored_comment') : t('modNotices.news.mod_restored_post');
  return t(`modNotices.news.${kind}`);
}

/** Where "your data is ready" leads: Account and security, where the download is. */
const EXPORT_TARGET = '/me/setting/accountandsecurity';

/**
 * Where tapping an item leads: its post, else the member who acted (a follow), else the screen
 * the item is about, else nowhere.
 */
export function newsTarget(item: NewsLike): string | null {
  if (item.kind === 'export_ready') return EXPORT_TARGET;
  if (MOD_MEMBER_KINDS.has(item.kind)) return MODERATION_TARGET;
  if (isOneOf(MOD_KINDS, item.kind)) return item.post_id ? `/post/${item.post_id}` : MODERATION_TARGET;
  if (item.post_id) return `/post/${item.post_id}`;
  const actor = item.actor?.id ?? item.actor_id;
  return actor ? `/user/${actor}` : null;
}
