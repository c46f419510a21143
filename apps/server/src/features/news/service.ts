import { type Author, type News, type PageQuery, POST_TEXT_MAX } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { keysetPage } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { addNews, type NewsItem } from '../activity/public';
import { authorsOf } from '../people/public';
import { type GatedText, gatedTexts, gateTexts } from '../posts/public';
import { type NewsRow, newsRepo } from './repo';

/**
 * News items as their recipient sees them: who did it, and which post it is about with a teaser
 * of it through the paid gate (none of an 18+ topic's). Four queries for a whole page (comments → posts, post texts and
 * their unlocks, actors), never one per item.
 */
async function present(db: Kysely<DB>, viewerId: number, rows: NewsRow[]): Promise<News[]> {
  const commentIds = rows
    .filter((r) => r.ref_type === 'comment' && r.ref_id !== null)
    .map((r) => Number(r.ref_id));
  const { posts: postOfComment, removed } = await newsRepo(db).postsOfComments(commentIds);
  const postIds = rows.flatMap((r) => postIdOf(r, postOfComment.get(Number(r.ref_id))) ?? []);
  const actorIds = rows.flatMap((r) => (r.actor_id === null ? [] : [Number(r.actor_id)]));
  const [texts, actors] = await Promise.all([gatedTexts(db, viewerId, postIds), authorsOf(db, actorIds)]);
  return rows.map((row) => {
    const actor = row.actor_id === null ? null : (actors.get(Number(row.actor_id)) ?? null);
    const news = toNews(row, postIdOf(row, postOfComment.get(Number(row.ref_id))), texts, actor);
    return saidOfRemoved(row, removed.has(Number(row.ref_id))) ? { ...news, text: '' } : news;
  });
}

/**
 * A member's item quoting what someone said in a comment a moderator has since removed: the
 * quote goes, as the comment's text went from the thread. The moderators' own notices (no actor)
 * keep their text, which is the reason.
 */
function saidOfRemoved(row: NewsRow, commentRemoved: boolean): boolean {
  return commentRemoved && row.ref_type === 'comment' && row.actor_id !== null;
}

/** The post an item is about: its own, or its comment's (`commentPostId`, none once it is gone). */
function postIdOf(row: NewsRow, commentPostId: number | undefined): number | null {
  if (row.ref_id === null) return null;
  if (row.ref_type === 'post') return Number(row.ref_id);
  if (row.ref_type === 'comment') return commentPostId ?? null;
  return null;
}

function toNews(
  row: NewsRow,
  postId: number | null,
  texts: Map<number, GatedText>,
  actor: Author | null,
): News {
  // A post that was deleted since is no longer there to open.
  const quoted = postId === null ? undefined : texts.get(postId);
  // The inbox cannot carry the 18+ answer: an adult post and what was said on it are not
  // quoted; the item still says who did what and opens the post through its gate.
  const adult = quoted?.adult === true;
  return {
    id: Number(row.id),
    kind: row.kind,
    text: adult ? '' : row.text,
    actor_id: row.actor_id === null ? null : Number(row.actor_id),
    actor,
    ref_type: row.ref_type,
    ref_id: row.ref_id === null ? null : Number(row.ref_id),
    post_id: quoted === undefined ? null : postId,
    post_text: quoted === undefined || adult ? null : quoted.text,
    read: row.read_at !== null,
    created_at: Number(row.created_at),
  };
}

export class BroadcastTextError extends Error {}

/** What happened to a member (likes, replies, follows, system notes), newest first. */
export function newsService({ db, clock = Date.now }: { db: Kysely<DB>; clock?: () => number }) {
  const repo = newsRepo(db, clock);
  return {
    add: (userId: number, item: NewsItem, now: number) => addNews(db, userId, item, now),

    /** What the session shows: the unread count and the newest item, read or not. */
    async latest(member: Member) {
      // The item's statement read its comment's post, the quoted post and the actor with it.
      const { unread, newest, commentPostId, commentRemoved, actor, quoted } = await repo.latest(member.id);
      if (!newest) return { unread, latest: null };
      const texts = await gateTexts(db, member.id, quoted ? [quoted] : []);
      const latest = toNews(newest, postIdOf(newest, commentPostId ?? undefined), texts, actor);
      return {
        unread,
        latest: saidOfRemoved(newest, commentRemoved === true) ? { ...latest, text: '' } : latest,
      };
    },

    async list(member: Member, query: PageQuery) {
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(
          query,
          (r: NewsRow) => [Number(r.created_at), Number(r.id)],
          2,
          (start, limit) => repo.page(member.id, start, limit),
        ),
        repo.count(member.id),
      ]);
      return { list: await present(db, member.id, rows), total, cursor };
    },

    async clear(member: Member) {
      await repo.markAllRead(member.id, clock());
      return answer({ unread: 0 }, 'community.news_cleared');
    },

    /** An operator's note to every member (ops `news:broadcast`); answers how many got it. */
    async broadcast(text: string): Promise<number> {
      const trimmed = text.trim();
      if (trimmed.length === 0) throw new BroadcastTextError('news:broadcast needs a text');
      if (Array.from(trimmed).length > POST_TEXT_MAX)
        throw new BroadcastTextError(`the text is longer than ${POST_TEXT_MAX} characters`);
      return repo.broadcast(trimmed, clock());
    },
  };
}
export type NewsService = ReturnType<typeof newsService>;
