import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';

export type ReportTarget = 'post' | 'comment' | 'user';
export type ContentTarget = 'post' | 'comment';

/** The topics a moderator sees: all of them, or some (staff/public.ts `moderatedTopics`). */
export type Scope = number[] | 'all';

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/**
 * Open reports within `scope`: of posts in its topics, of comments on those posts, and of members
 * only for a scope of every topic (reports about a person reach past any one topic).
 */
function inScope(eb: ExpressionBuilder<DB, 'reports'>, scope: Scope) {
  const open = eb('reports.resolved_at', 'is', null);
  if (scope === 'all') return open;
  if (scope.length === 0) return sql<SqlBool>`1 = 0`;
  return eb.and([
    open,
    eb.or([
      eb.and([
        eb('reports.target', '=', 'post'),
        eb(
          'reports.target_id',
          'in',
          eb.selectFrom('posts').select('posts.id').where('posts.topic_id', 'in', scope),
        ),
      ]),
      eb.and([
        eb('reports.target', '=', 'comment'),
        eb(
          'reports.target_id',
          'in',
          eb
            .selectFrom('comments')
            .innerJoin('posts', 'posts.id', 'comments.post_id')
            .select('comments.id')
            .where('posts.topic_id', 'in', scope),
        ),
      ]),
    ]),
  ]);
}

/** The desk's reads and writes (docs/internals/moderation-desk.md). Takes a transaction too. */
/** A post's columns as the desk judges it, whatever its state (content.ts reads one the same way). */
export const JUDGED_POST_COLUMNS = [
  'id',
  'user_id',
  'topic_id',
  'text',
  'link',
  'price',
  'removed_at',
  'removed_action_id',
  'held_at',
  'comments_locked',
] as const;

export function moderationRepo(db: Executor) {
  /** Held posts (a removed one is dealt with) within `scope`, through the partial index posts_held. */
  const held = (scope: Scope) =>
    db
      .selectFrom('posts')
      .where('posts.held_at', 'is not', null)
      .where('posts.removed_at', 'is', null)
      .$if(scope !== 'all', (q) =>
        (scope as number[]).length === 0
          ? q.where(sql<SqlBool>`1 = 0`)
          : q.where('posts.topic_id', 'in', scope as number[]),
      );

  return {
    /** How many reported things (not reports) wait within `scope`. */
    async countReportGroups(scope: Scope): Promise<number> {
      const groups = db
        .selectFrom('reports')
        .select(['reports.target', 'reports.target_id'])
        .where((eb) => inScope(eb, scope))
        .groupBy(['reports.target', 'reports.target_id'])
        .as('groups');
      const row = await db
        .selectFrom(groups)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page of reported things within `scope`, the longest waiting first. */
    async reportGroups(scope: Scope, offset: number, limit: number) {
      const rows = await db
        .selectFrom('reports')
        .select((eb) => [
          'reports.target',
          'reports.target_id',
          eb.fn.min('reports.created_at').as('first_at'),
          eb.fn.max('reports.created_at').as('last_at'),
        ])
        .where((eb) => inScope(eb, scope))
        .groupBy(['reports.target', 'reports.target_id'])
        .orderBy('first_at')
        .orderBy('reports.target')
        .orderBy('reports.target_id')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        target: r.target as ReportTarget,
        targetId: Number(r.target_id),
        firstAt: Number(r.first_at),
        lastAt: Number(r.last_at),
      }));
    },

    /** The open reports of some things of one kind, oldest first. */
    async openReports(target: ReportTarget, ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('reports')
        .select(['id', 'reporter_id', 'target_id', 'reason', 'text', 'snapshot', 'created_at'])
        .where('target', '=', target)
        .where('target_id', 'in', ids)
        .where('resolved_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        reporter_id: Number(r.reporter_id),
        target_id: Number(r.target_id),
        created_at: Number(r.created_at),
      }));
    },

    /** Resolves every open report of one thing; answers how many. */
    async resolveReports(
      target: ReportTarget,
      id: number,
      by: number,
      resolution: 'dismissed' | 'removed',
      now: number,
    ): Promise<number> {
      const result = await db
        .updateTable('reports')
        .set({ resolved_at: now, resolved_by: by, resolution })
        .where('target', '=', target)
        .where('target_id', '=', id)
        .where('resolved_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Open reports of a member and of what they wrote (the desk's member page). */
    async openReportsAbout(userId: number): Promise<number> {
      const row = await db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('resolved_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb.and([eb('target', '=', 'user'), eb('target_id', '=', userId)]),
            eb.and([
              eb('target', '=', 'post'),
              eb('target_id', 'in', eb.selectFrom('posts').select('id').where('user_id', '=', userId)),
            ]),
            eb.and([
              eb('target', '=', 'comment'),
              eb('target_id', 'in', eb.selectFrom('comments').select('id').where('user_id', '=', userId)),
            ]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Posts as the desk judges them, whatever their state. */
    async posts(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db.selectFrom('posts').select(JUDGED_POST_COLUMNS).where('id', 'in', ids).execute();
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        user_id: Number(r.user_id),
        topic_id: Number(r.topic_id),
        price: Number(r.price),
        removed_at: num(r.removed_at),
        removed_action_id: num(r.removed_action_id),
        held_at: num(r.held_at),
      }));
    },

    /** Comments as the desk judges them, with the post and topic each is on. */
    async comments(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('comments')
        .innerJoin('posts', 'posts.id', 'comments.post_id')
        .select([
          'comments.id',
          'comments.user_id',
          'comments.post_id',
          'comments.text',
          'comments.removed_at',
          'posts.topic_id',
        ])
        .where('comments.id', 'in', ids)
        .execute();
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        user_id: Number(r.user_id),
        post_id: Number(r.post_id),
        topic_id: Number(r.topic_id),
        removed_at: num(r.removed_at),
      }));
    },

    /** Members the desk looks at; erased accounts are tombstones, gone as far as reports go. */
    async members(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('users')
        .select(['id', 'status', 'role', 'level', 'created_at', 'suspended_until'])
        .where('id', 'in', ids)
        .execute();
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        created_at: Number(r.created_at),
        suspended_until: num(r.suspended_until),
      }));
    },

    topicRefs: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom('topics').select(['id', 'name', 'icon', 'min_age']).where('id', 'in', ids).execute(),

    /**
     * Marks content removed, unless it already is; answers whether it changed. On PostgreSQL the
     * update locks the row, so of two moderators at once one removes it and the other is told it
     * already was.
     */
    async markRemoved(target: ContentTarget, id: number, reason: string, now: number): Promise<boolean> {
      const table = target === 'post' ? 'posts' : 'comments';
      const result = await db
        .updateTable(table)
        .set({ removed_at: now, removed_reason: reason })
        .where('id', '=', id)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setRemovalAction(target: ContentTarget, id: number, actionId: number): Promise<void> {
      const table = target === 'post' ? 'posts' : 'comments';
      await db.updateTable(table).set({ removed_action_id: actionId }).where('id', '=', id).execute();
    },

    /** Brings removed content back as it was; answers whether it was removed. */
    async markRestored(target: ContentTarget, id: number): Promise<boolean> {
      const table = target === 'post' ? 'posts' : 'comments';
      const result = await db
        .updateTable(table)
        .set({ removed_at: null, removed_reason: null, removed_action_id: null })
        .where('id', '=', id)
        .where('removed_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Sets the lock of a post's comments; answers whether it changed. */
    async setCommentsLocked(postId: number, locked: boolean, now: number): Promise<boolean> {
      const result = await db
        .updateTable('posts')
        .set({ comments_locked: locked ? 1 : 0, updated_at: now })
        .where('id', '=', postId)
        .where('comments_locked', '=', locked ? 0 : 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Publishes a held post as new: created_at becomes now, so it is not buried below what came
     * while it waited. Answers whether it was held (and not removed meanwhile).
     */
    async release(postId: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('posts')
        .set({ held_at: null, held_reason: null, created_at: now, updated_at: now, hot_dirty: 1 })
        .where('id', '=', postId)
        .where('held_at', 'is not', null)
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async countHeld(scope: Scope): Promise<number> {
      const row = await held(scope)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async heldPage(scope: Scope, offset: number, limit: number) {
      const rows = await held(scope)
        .select(['posts.id', 'posts.held_at', 'posts.held_reason'])
        .orderBy('posts.held_at')
        .orderBy('posts.id')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), heldAt: Number(r.held_at), reason: r.held_reason }));
    },

    /** A member's newest posts and comments, whatever a moderator did to them. */
    async recentPostIds(userId: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('posts')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** A member's newest comments and replies, with the text of the post each is on. */
    async recentComments(userId: number, limit: number) {
      const rows = await db
        .selectFrom('comments')
        .innerJoin('posts', 'posts.id', 'comments.post_id')
        .select(['comments.id', 'comments.post_id', 'posts.text as post_text'])
        .where('comments.user_id', '=', userId)
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: Number(r.id), postId: Number(r.post_id), postText: r.post_text }));
    },
  };
}
export type ModerationRepo = ReturnType<typeof moderationRepo>;
