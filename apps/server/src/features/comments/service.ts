import {
  type Comment,
  expiredCodeFor,
  type MuteMatcher,
  type PageQuery,
  REPLY_DEPTH_MAX,
  REPLY_PREVIEW,
  type Reply,
} from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { type Engine, locksRows } from '../../db/dialect';
import { keysetPage } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { AppError, fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { assertFullMember } from '../../shared/full-member';
import { addNews, recordActivity, removeNewsAboutComments } from '../activity/public';
import { foldingFor } from '../mutes/public';
import { authorsOf, hasBlocked } from '../people/public';
import { assertAdultConfirmed, gateTexts } from '../posts/public';
import { type CommentRow, type CommentSort, commentsRepo } from './repo';

const byTime = (r: CommentRow) => [Number(r.created_at), Number(r.id)];

/**
 * Comments as `viewerId` sees them: authors, the member each reply answers and the viewer's
 * likes come in two queries for the whole set, whatever its size; what folds a comment for the
 * viewer (their muted words, docs/internals/mutes.md) in a third, unless `fold` is given.
 */
async function present(
  db: Kysely<DB>,
  viewerId: number | null,
  rows: CommentRow[],
  fold?: MuteMatcher,
): Promise<Reply[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const people = rows.flatMap((r) =>
    r.reply_to_user_id === null ? [Number(r.user_id)] : [Number(r.user_id), Number(r.reply_to_user_id)],
  );
  const [authors, liked, folding] = await Promise.all([
    authorsOf(db, people),
    viewerId === null ? new Set<number>() : commentsRepo(db).likedBy(viewerId, ids),
    fold ?? foldingFor(db, viewerId),
  ]);
  return rows.flatMap((r) => {
    const user = authors.get(Number(r.user_id));
    if (!user) return [];
    const id = Number(r.id);
    const mine = viewerId !== null && Number(r.user_id) === viewerId;
    const reply: Reply = {
      id,
      post_id: Number(r.post_id),
      root_id: r.root_id === null ? null : Number(r.root_id),
      parent_id: r.parent_id === null ? null : Number(r.parent_id),
      depth: r.depth,
      user,
      reply_to: r.reply_to_user_id === null ? null : (authors.get(Number(r.reply_to_user_id)) ?? null),
      text: r.text,
      like_count: r.like_count,
      reply_count: r.reply_count,
      liked: liked.has(id),
      mine,
      created_at: Number(r.created_at),
      removed: null,
      edited_at: null,
    };
    // The viewer's own comments never fold.
    const words = mine ? [] : folding(r.text);
    if (words.length > 0) reply.folded = { words };
    return [reply];
  });
}

/**
 * Where a reply to `target` goes: one level below it, unless that would pass REPLY_DEPTH_MAX;
 * then beside it, under the same parent, still addressed to the target's author.
 */
export function placeReply(target: Pick<CommentRow, 'id' | 'root_id' | 'parent_id' | 'depth'>) {
  const rootId = target.root_id === null ? Number(target.id) : Number(target.root_id);
  if (target.depth < REPLY_DEPTH_MAX) return { rootId, parentId: Number(target.id), depth: target.depth + 1 };
  return { rootId, parentId: Number(target.parent_id), depth: target.depth };
}

/** Comments on posts, threaded replies, comment likes and deletion with the whole thread below. */
/**
 * `postCountsChanged` runs after a post's comment count moved, so cached feed pages (the shared
 * first page) show the new count at once; it is awaited before answering, so on every server.
 */
export function commentsService({
  db,
  engine,
  clock = Date.now,
  postCountsChanged = async () => {},
}: {
  db: Kysely<DB>;
  engine: Engine;
  clock?: () => number;
  postCountsChanged?: () => Promise<void>;
}) {
  const repo = commentsRepo(db, clock);
  const lockRows = locksRows(engine);

  async function withReplies(viewerId: number | null, rows: CommentRow[]): Promise<Comment[]> {
    const previews = await repo.previews(
      rows.map((r) => Number(r.id)),
      viewerId,
      REPLY_PREVIEW,
    );
    const fold = await foldingFor(db, viewerId);
    const [comments, replies] = await Promise.all([
      present(db, viewerId, rows, fold),
      present(db, viewerId, previews, fold),
    ]);
    const byRoot = new Map<number, Reply[]>();
    for (const reply of replies) {
      const list = byRoot.get(reply.root_id!);
      if (list) list.push(reply);
      else byRoot.set(reply.root_id!, [reply]);
    }
    return comments.map((c) => ({ ...c, replies: byRoot.get(c.id) ?? [] }));
  }

  return {
    /** A post's comments, behind the same 18+ answer as the post itself (posts/detail). */
    async list(
      viewer: Member | null,
      query: PageQuery & { post_id: number; sort: CommentSort; adult_confirmed?: boolean },
    ) {
      const topic = await repo.topicOfPost(query.post_id);
      if (!topic) throw fail('errors.post_not_found');
      assertAdultConfirmed(topic, query.adult_confirmed);
      const viewerId = viewer?.id ?? null;
      const keyOf = query.sort === 'best' ? (r: CommentRow) => [r.like_count, Number(r.id)] : byTime;
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(query, keyOf, 2, (start, limit) =>
          repo.topLevel(query.post_id, query.sort, viewerId, start, limit),
        ),
        repo.countTopLevel(query.post_id, viewerId),
      ]);
      return { list: await withReplies(viewerId, rows), total, cursor };
    },

    /** A thread's replies; a reply's id stands for its thread. Adult topics: as `list`. */
    async replies(
      viewer: Member | null,
      query: PageQuery & { comment_id: number; adult_confirmed?: boolean },
    ) {
      const comment = await repo.find(query.comment_id);
      const topic = comment && (await repo.topicOfPost(Number(comment.post_id)));
      if (!comment || !topic) throw fail('errors.comment_not_found');
      assertAdultConfirmed(topic, query.adult_confirmed);
      const rootId = comment.root_id === null ? Number(comment.id) : Number(comment.root_id);
      const viewerId = viewer?.id ?? null;
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(query, byTime, 2, (start, limit) => repo.thread(rootId, viewerId, start, limit)),
        repo.countThread(rootId, viewerId),
      ]);
      return { list: await present(db, viewerId, rows), total, cursor };
    },

    async comment(member: Member, postId: number, text: string) {
      assertFullMember(member);
      const now = clock();
      const row = await db.transaction().execute(async (trx) => {
        const tx = commentsRepo(trx);
        // First, so that this comment and any deletion on the post take turns (see countOnPost).
        const post = await tx.countOnPost(postId, 1);
        if (!post) throw fail('errors.post_not_found');
        if (post.comments_open !== 1) throw fail('errors.comments_closed');
        const authorId = Number(post.user_id);
        if (await hasBlocked(trx, authorId, member.id)) throw fail('errors.blocked_by_user');
        const row = await tx.insert({
          post_id: postId,
          user_id: member.id,
          root_id: null,
          parent_id: null,
          depth: 0,
          reply_to_user_id: null,
          text,
          created_at: now,
        });
        await addNews(
          trx,
          authorId,
          { kind: 'comment', actorId: member.id, refType: 'comment', refId: Number(row.id), text },
          now,
        );
        await recordActivity(trx, member.id, { kind: 'comment', commentId: Number(row.id) }, now);
        return row;
      });
      const [comment] = await present(db, member.id, [row]);
      await postCountsChanged();
      return answer({ ...comment!, replies: [] }, 'community.comment_posted');
    },

    async reply(member: Member, commentId: number, text: string) {
      assertFullMember(member);
      const target = await repo.find(commentId);
      if (!target) throw fail('errors.comment_not_found');
      const postId = Number(target.post_id);
      const now = clock();
      const row = await db.transaction().execute(async (trx) => {
        const tx = commentsRepo(trx);
        const post = await tx.countOnPost(postId, 1);
        // Read again under the post's lock: a deletion that went first took the comment with it.
        const answered = post && (await tx.find(commentId));
        if (!post || !answered) throw fail('errors.comment_not_found');
        if (post.comments_open !== 1) throw fail('errors.comments_closed');
        const answeredId = Number(answered.user_id);
        const blocked =
          (await hasBlocked(trx, answeredId, member.id)) ||
          (await hasBlocked(trx, Number(post.user_id), member.id));
        if (blocked) throw fail('errors.blocked_by_user');
        const place = placeReply(answered);
        const row = await tx.insert({
          post_id: postId,
          user_id: member.id,
          root_id: place.rootId,
          parent_id: place.parentId,
          depth: place.depth,
          reply_to_user_id: answeredId,
          text,
          created_at: now,
        });
        await tx.countReplies(place.rootId, 1);
        await addNews(
          trx,
          answeredId,
          { kind: 'reply', actorId: member.id, refType: 'comment', refId: Number(row.id), text },
          now,
        );
        await recordActivity(trx, member.id, { kind: 'comment', commentId: Number(row.id) }, now);
        return row;
      });
      const [reply] = await present(db, member.id, [row]);
      await postCountsChanged();
      return answer(reply!, 'community.comment_posted');
    },

    async like(member: Member, commentId: number, want: boolean | undefined) {
      assertFullMember(member);
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const tx = commentsRepo(trx);
        const comment = await tx.find(commentId, lockRows);
        if (!comment) throw fail('errors.comment_not_found');
        const like = want ?? !(await tx.likes(commentId, member.id));
        const changed = like
          ? await tx.like(commentId, member.id, now)
          : await tx.unlike(commentId, member.id);
        const likeCount = await tx.countLikes(commentId, changed ? (like ? 1 : -1) : 0);
        if (likeCount === undefined) throw fail('errors.comment_not_found');
        if (changed && like) {
          await addNews(
            trx,
            Number(comment.user_id),
            {
              kind: 'comment_like',
              actorId: member.id,
              refType: 'comment',
              refId: commentId,
              text: comment.text,
            },
            now,
          );
        }
        return { liked: like, like_count: likeCount };
      });
    },

    /** The comment's author or the post's author removes it with every reply below it. */
    async remove(member: Member, commentId: number) {
      const target = await repo.find(commentId);
      if (!target) throw fail('errors.comment_not_found');
      const postId = Number(target.post_id);
      const commentCount = await db.transaction().execute(async (trx) => {
        const tx = commentsRepo(trx);
        // Lock the post first: replies arriving meanwhile wait, so the count removed is exact.
        const post = await tx.countOnPost(postId, 0);
        const comment = post && (await tx.find(commentId));
        if (!post || !comment) throw fail('errors.comment_not_found');
        if (Number(comment.user_id) !== member.id && Number(post.user_id) !== member.id) {
          throw fail('errors.not_author');
        }
        const removed = await tx.subtree(commentId);
        await tx.remove(commentId);
        await removeNewsAboutComments(trx, removed);
        if (comment.root_id !== null) await tx.countReplies(Number(comment.root_id), -removed.length);
        const after = await tx.countOnPost(postId, -removed.length);
        return after!.comment_count;
      });
      await postCountsChanged();
      return answer({ post_id: postId, comment_count: commentCount }, 'community.comment_deleted');
    },

    /**
     * A member's comments with the post each is on; a paid post shows its teaser unless open.
     * Comments on adult topics' posts show on the member's own page only, with the 18+ answer.
     */
    async byUser(viewer: Member | null, query: PageQuery & { user_id?: number; adult_confirmed?: boolean }) {
      const userId = query.user_id ?? viewer?.id;
      if (userId === undefined) throw new AppError('errors.not_logged_in', {}, expiredCodeFor('api'));
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      if (!user) throw fail('errors.user_not_found');
      const viewerId = viewer?.id ?? null;
      const withAdult = viewerId === userId && query.adult_confirmed === true;
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(query, byTime, 2, (start, limit) => repo.byUser(userId, withAdult, start, limit)),
        repo.countByUser(userId, withAdult),
      ]);
      const texts = await gateTexts(
        db,
        viewerId,
        rows.map((r) => ({
          id: r.post_id,
          user_id: r.post_user_id,
          price: r.post_price,
          text: r.post_text,
          min_age: r.post_min_age,
        })),
      );
      const list = (await present(db, viewerId, rows)).map((c) => {
        const { text, locked } = texts.get(c.post_id)!;
        return { ...c, post: { id: c.post_id, text, locked } };
      });
      return { list, total, cursor };
    },
  };
}
export type CommentsService = ReturnType<typeof commentsService>;
