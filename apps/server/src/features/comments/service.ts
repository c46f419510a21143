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
import { assertMayWrite } from '../../shared/may-write';
import { addNews, recordActivity, removeNewsAboutComments } from '../activity/public';
import { assertWithinHourlyLimit, screenContent } from '../content-filters/public';
import { foldingFor } from '../mutes/public';
import { authorsOf, hasBlocked } from '../people/public';
import { assertAdultConfirmed, gateTexts } from '../posts/public';
import { type CommentRow, type CommentSort, commentsRepo } from './repo';

const byTime = (r: CommentRow) => [Number(r.created_at), Number(r.id)];

/** Moderators and administrators read removed comments whole, with the reason (docs/product/moderation.md). */
const isStaff = (viewer: Member | null) => viewer !== null && viewer.role !== 'member';

/**
 * Comments as `viewerId` sees them: authors, the member each reply answers and the viewer's
 * likes come in two queries for the whole set, whatever its size; what folds a comment for the
 * viewer (their muted words, docs/internals/mutes.md) in a third, unless `fold` is given. A
 * removed comment keeps its place as a placeholder: empty for all but its author and `staff`.
 */
async function present(
  db: Kysely<DB>,
  viewerId: number | null,
  rows: CommentRow[],
  fold?: MuteMatcher,
  staff = false,
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
    const privileged = mine || staff;
    const blanked = r.removed_at !== null && !privileged;
    const reply: Reply = {
      id,
      post_id: Number(r.post_id),
      root_id: r.root_id === null ? null : Number(r.root_id),
      parent_id: r.parent_id === null ? null : Number(r.parent_id),
      depth: r.depth,
      user,
      reply_to: r.reply_to_user_id === null ? null : (authors.get(Number(r.reply_to_user_id)) ?? null),
      text: blanked ? '' : r.text,
      like_count: r.like_count,
      reply_count: r.reply_count,
      liked: liked.has(id),
      mine,
      created_at: Number(r.created_at),
      removed:
        r.removed_at === null
          ? null
          : {
              at: Number(r.removed_at),
              reason: privileged ? r.removed_reason : null,
              action_id: privileged && r.removed_action_id !== null ? Number(r.removed_action_id) : null,
            },
      edited_at: r.edited_at === null ? null : Number(r.edited_at),
    };
    // The viewer's own comments never fold.
    const words = mine || blanked ? [] : folding(r.text);
    if (words.length > 0) reply.folded = { words };
    return [reply];
  });
}

/** One comment or reply as `viewerId` sees it; null when it is gone (edit/comments answers with it). */
export async function presentComment(
  db: Kysely<DB>,
  viewerId: number | null,
  id: number,
): Promise<Reply | null> {
  const row = await commentsRepo(db).find(id);
  if (!row) return null;
  const [reply] = await present(db, viewerId, [row]);
  return reply ?? null;
}

/**
 * Comments by id in the order given, as staff see them (removed ones whole, with the reason): the
 * moderators' desk (mod/member). Ids that are gone are left out.
 */
export async function presentCommentsToStaff(
  db: Kysely<DB>,
  viewerId: number,
  ids: number[],
): Promise<Reply[]> {
  const rows = await commentsRepo(db).findAll(ids);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return present(
    db,
    viewerId,
    ids.flatMap((id) => byId.get(id) ?? []),
    undefined,
    true,
  );
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

  async function withReplies(viewer: Member | null, rows: CommentRow[]): Promise<Comment[]> {
    const viewerId = viewer?.id ?? null;
    const previews = await repo.previews(
      rows.map((r) => Number(r.id)),
      viewerId,
      REPLY_PREVIEW,
    );
    const fold = await foldingFor(db, viewerId);
    const [comments, replies] = await Promise.all([
      present(db, viewerId, rows, fold, isStaff(viewer)),
      present(db, viewerId, previews, fold, isStaff(viewer)),
    ]);
    const byRoot = new Map<number, Reply[]>();
    for (const reply of replies) {
      const list = byRoot.get(reply.root_id!);
      if (list) list.push(reply);
      else byRoot.set(reply.root_id!, [reply]);
    }
    return comments.map((c) => ({ ...c, replies: byRoot.get(c.id) ?? [] }));
  }

  /** A post held for review is not found for anyone but its author and staff, nor its comments. */
  function assertPostShown(post: { user_id: number; held_at: number | null }, viewer: Member | null) {
    if (post.held_at !== null && Number(post.user_id) !== viewer?.id && !isStaff(viewer)) {
      throw fail('errors.post_not_found');
    }
  }

  /**
   * Commenting needs a post that a moderator neither removed nor locked, and, while it is held
   * for review, is the author's own.
   */
  /**
   * Comments and replies are never held: they belong to a conversation that goes on without them,
   * so what would hold a post refuses a comment (docs/product/moderation.md#filters-and-new-member-limits).
   */
  async function assertScreened(member: Member, text: string, now: number): Promise<void> {
    const { verdict } = await screenContent(db, { userId: member.id, text, links: [] }, now);
    if (verdict === 'block') throw fail('errors.content_blocked');
    if (verdict === 'hold') throw fail('errors.comment_needs_review');
  }

  function assertOpenToComments(
    post: {
      user_id: number;
      comments_open: number;
      removed_at: number | null;
      held_at: number | null;
      comments_locked: number;
    },
    member: Member,
    missing: 'errors.post_not_found' | 'errors.comment_not_found',
  ) {
    if (post.held_at !== null && Number(post.user_id) !== member.id) throw fail(missing);
    if (post.removed_at !== null || post.comments_locked === 1) throw fail('errors.comments_locked');
    if (post.comments_open !== 1) throw fail('errors.comments_closed');
  }

  return {
    /** A post's comments, behind the same 18+ answer as the post itself (posts/detail). */
    async list(
      viewer: Member | null,
      query: PageQuery & { post_id: number; sort: CommentSort; adult_confirmed?: boolean },
    ) {
      const topic = await repo.topicOfPost(query.post_id);
      if (!topic) throw fail('errors.post_not_found');
      assertPostShown(topic, viewer);
      assertAdultConfirmed(topic, query.adult_confirmed);
      const viewerId = viewer?.id ?? null;
      const keyOf = query.sort === 'best' ? (r: CommentRow) => [r.like_count, Number(r.id)] : byTime;
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(query, keyOf, 2, (start, limit) =>
          repo.topLevel(query.post_id, query.sort, viewerId, start, limit),
        ),
        repo.countTopLevel(query.post_id, viewerId),
      ]);
      return { list: await withReplies(viewer, rows), total, cursor };
    },

    /** A thread's replies; a reply's id stands for its thread. Adult topics: as `list`. */
    async replies(
      viewer: Member | null,
      query: PageQuery & { comment_id: number; adult_confirmed?: boolean },
    ) {
      const comment = await repo.find(query.comment_id);
      const topic = comment && (await repo.topicOfPost(Number(comment.post_id)));
      if (!comment || !topic) throw fail('errors.comment_not_found');
      if (topic.held_at !== null && Number(topic.user_id) !== viewer?.id && !isStaff(viewer)) {
        throw fail('errors.comment_not_found');
      }
      assertAdultConfirmed(topic, query.adult_confirmed);
      const rootId = comment.root_id === null ? Number(comment.id) : Number(comment.root_id);
      const viewerId = viewer?.id ?? null;
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(query, byTime, 2, (start, limit) => repo.thread(rootId, viewerId, start, limit)),
        repo.countThread(rootId, viewerId),
      ]);
      return { list: await present(db, viewerId, rows, undefined, isStaff(viewer)), total, cursor };
    },

    async comment(member: Member, postId: number, text: string) {
      assertMayWrite(member, clock());
      const now = clock();
      await assertScreened(member, text, now);
      const row = await db.transaction().execute(async (trx) => {
        const tx = commentsRepo(trx);
        // First, so that this comment and any deletion on the post take turns (see countOnPost).
        const post = await tx.countOnPost(postId, 1);
        if (!post) throw fail('errors.post_not_found');
        // After the post's lock, as every writer takes the post's row before its author's.
        await assertWithinHourlyLimit(trx, member.id, 'comment', now, { lock: lockRows });
        assertOpenToComments(post, member, 'errors.post_not_found');
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
      assertMayWrite(member, clock());
      const target = await repo.find(commentId);
      if (!target) throw fail('errors.comment_not_found');
      const postId = Number(target.post_id);
      const now = clock();
      await assertScreened(member, text, now);
      const row = await db.transaction().execute(async (trx) => {
        const tx = commentsRepo(trx);
        const post = await tx.countOnPost(postId, 1);
        // Read again under the post's lock: a deletion that went first took the comment with it.
        const answered = post && (await tx.find(commentId));
        if (!post || !answered) throw fail('errors.comment_not_found');
        await assertWithinHourlyLimit(trx, member.id, 'comment', now, { lock: lockRows });
        assertOpenToComments(post, member, 'errors.comment_not_found');
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
      assertMayWrite(member, clock());
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
     * Comments on adult topics' posts show on the member's own page only, with the 18+ answer;
     * so do the ones a moderator removed (flagged). None on removed or held posts.
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
      const withRemoved = viewerId === userId;
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(query, byTime, 2, (start, limit) =>
          repo.byUser(userId, withAdult, withRemoved, start, limit),
        ),
        repo.countByUser(userId, withAdult, withRemoved),
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
          removed_at: r.post_removed_at,
          held_at: r.post_held_at,
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
