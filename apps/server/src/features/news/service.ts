import { type Author, type News, type PageQuery, POST_TEXT_MAX } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { keysetPage } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { addNews, type NewsItem } from '../activity/public';
import { authorsOf } from '../people/public';
import { gatedTexts, gateTexts, type QuotedPost } from '../posts/public';
import { type NewsRow, newsRepo } from './repo';

/**
 * News items as their recipient sees them: who did it, and which post it is about with a teaser
 * of it through the paid gate (none of an 18+ topic's). Four queries for a whole page (comments → posts, post texts and
 * their unlocks, actors), never one per item.
 */
async function present(
  db: Kysely<DB>,
  viewerId: number,
  rows: NewsRow[],
  /** What the caller read already (latest/news reads all three with its item). */
  known?: { postOfComment: Map<number, number>; actors: Map<number, Author>; quoted: QuotedPost[] },
): Promise<News[]> {
  const repo = newsRepo(db);
  const commentIds = rows
    .filter((r) => r.ref_type === 'comment' && r.ref_id !== null)
    .map((r) => Number(r.ref_id));
  const postOfComment = known?.postOfComment ?? (await repo.postsOfComments(commentIds));
  const postIdOf = (row: NewsRow): number | null => {
    if (row.ref_id === null) return null;
    if (row.ref_type === 'post') return Number(row.ref_id);
    if (row.ref_type === 'comment') return postOfComment.get(Number(row.ref_id)) ?? null;
    return null;
  };
  const postIds = rows.flatMap((r) => postIdOf(r) ?? []);
  const actorIds = rows.flatMap((r) => (r.actor_id === null ? [] : [Number(r.actor_id)]));
  const [texts, actors] = await Promise.all([
    known ? gateTexts(db, viewerId, known.quoted) : gatedTexts(db, viewerId, postIds),
    known?.actors ?? authorsOf(db, actorIds),
  ]);
  return rows.map((row) => {
    const postId = postIdOf(row);
    // A post that was deleted since is no longer there to open.
    const quoted = postId === null ? undefined : texts.get(postId);
    // The inbox cannot carry the 18+ answer: an adult post and what was said on it are not
    // quoted; the item still says who did what and opens the post through its gate.
    const adult = quoted?.adult === true;
    const actorId = row.actor_id === null ? null : Number(row.actor_id);
    return {
      id: Number(row.id),
      kind: row.kind,
      text: adult ? '' : row.text,
      actor_id: actorId,
      actor: actorId === null ? null : (actors.get(actorId) ?? null),
      ref_type: row.ref_type,
      ref_id: row.ref_id === null ? null : Number(row.ref_id),
      post_id: quoted === undefined ? null : postId,
      post_text: quoted === undefined || adult ? null : quoted.text,
      read: row.read_at !== null,
      created_at: Number(row.created_at),
    };
  });
}

export class BroadcastTextError extends Error {}

/** What happened to a member (likes, replies, follows, system notes), newest first. */
export function newsService({ db, clock = Date.now }: { db: Kysely<DB>; clock?: () => number }) {
  const repo = newsRepo(db);
  return {
    add: (userId: number, item: NewsItem, now: number) => addNews(db, userId, item, now),

    /** What the session shows: the unread count and the newest item, read or not. */
    async latest(member: Member) {
      const { unread, newest, commentPostId, actor, quoted } = await repo.latest(member.id);
      if (!newest) return { unread, latest: null };
      const postOfComment = new Map<number, number>();
      if (newest.ref_type === 'comment' && newest.ref_id !== null && commentPostId !== null)
        postOfComment.set(Number(newest.ref_id), commentPostId);
      const actors = new Map<number, Author>(actor ? [[actor.id, actor]] : []);
      const [latest] = await present(db, member.id, [newest], {
        postOfComment,
        actors,
        quoted: quoted ? [quoted] : [],
      });
      return { unread, latest: latest ?? null };
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
