import {
  type Author,
  type HeldPost,
  MOD_ACTIONS_SHOWN,
  MOD_MEMBER_RECENT,
  type ModMember,
  type PageQuery,
  type REPORT_REASONS,
  type ReportEntry,
  type ReportGroup,
} from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { AppError, fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { addNews } from '../activity/public';
import { presentCommentsToStaff } from '../comments/public';
import { actionsAgainst, recordModAction } from '../mod-log/public';
import { authorsOf } from '../people/public';
import { decodeSnapshot, type FirstPages, presentPosts } from '../posts/public';
import {
  assertGlobalModerator,
  assertModeratesTopic,
  assertOutranks,
  assertStaff,
  moderatedTopics,
} from '../staff/public';
import { type Content, contentOf, logSnapshot } from './content';
import { refundBuyers } from './refunds';
import { type ContentTarget, moderationRepo, type ReportTarget, type Scope } from './repo';
import { restoreContent } from './restore';

type ReportReason = (typeof REPORT_REASONS)[number];
type TopicRef = NonNullable<ReportGroup['topic']>;

/** The desk answers every page in full; queues are short, so pages are offsets and never a cursor. */
const pageOf = <T>(list: T[], total: number) => ({ list, total, cursor: null });
const offsetOf = (q: PageQuery) => (q.page - 1) * q.num;

/**
 * The desk's core (docs/internals/moderation-desk.md): the report queue, removing and restoring,
 * locking comments, the held queue, the overview and a member's history. Every call checks the
 * caller's role on the server first: below a moderator, the desk does not exist (`errors.not_found`).
 * Every change is written to the moderation log in its own transaction.
 */
export function moderationService({
  db,
  engine,
  clock,
  firstPages,
  countOpenAppeals,
}: {
  db: Kysely<DB>;
  engine: Engine;
  clock: () => number;
  /** Dropped after every change to what a general feed shows. */
  firstPages: FirstPages;
  /** Open appeals the member may answer (features/appeals), for the overview's count. */
  countOpenAppeals: (member: Member) => Promise<number>;
}) {
  const repo = moderationRepo(db);

  async function scopeOf(member: Member): Promise<Scope> {
    assertStaff(member, 'moderator');
    return moderatedTopics(db, member);
  }

  async function topicRefsOf(ids: Iterable<number>): Promise<Map<number, TopicRef>> {
    const rows = await repo.topicRefs([...new Set(ids)]);
    return new Map(
      rows.map((t) => [Number(t.id), { id: Number(t.id), name: t.name, icon: t.icon, min_age: t.min_age }]),
    );
  }

  /**
   * Open reports, grouped by what they are about, as the desk shows them: the content as the
   * first open report kept it, its text now when an edit changed it, and every reporter's words.
   */
  async function reportGroups(scope: Scope, query: PageQuery) {
    const [total, groups] = await Promise.all([
      repo.countReportGroups(scope),
      repo.reportGroups(scope, offsetOf(query), query.num),
    ]);
    const idsOf = (target: ReportTarget) => groups.filter((g) => g.target === target).map((g) => g.targetId);
    const [posts, comments, members, postReports, commentReports, userReports] = await Promise.all([
      repo.posts(idsOf('post')),
      repo.comments(idsOf('comment')),
      repo.members(idsOf('user')),
      repo.openReports('post', idsOf('post')),
      repo.openReports('comment', idsOf('comment')),
      repo.openReports('user', idsOf('user')),
    ]);
    const postById = new Map(posts.map((p) => [p.id, p]));
    const commentById = new Map(comments.map((c) => [c.id, c]));
    const memberById = new Map(members.map((m) => [m.id, m]));
    const reports = { post: postReports, comment: commentReports, user: userReports };
    const people = [
      ...posts.map((p) => p.user_id),
      ...comments.map((c) => c.user_id),
      ...members.map((m) => m.id),
      ...postReports.map((r) => r.reporter_id),
      ...commentReports.map((r) => r.reporter_id),
      ...userReports.map((r) => r.reporter_id),
    ];
    const [authors, topics] = await Promise.all([
      authorsOf(db, people),
      topicRefsOf([...posts.map((p) => p.topic_id), ...comments.map((c) => c.topic_id)]),
    ]);

    const list = groups.map((g): ReportGroup => {
      const open = reports[g.target].filter((r) => r.target_id === g.targetId);
      const entries = open.flatMap((r): ReportEntry[] => {
        const reporter = authors.get(r.reporter_id);
        return reporter
          ? [
              {
                id: r.id,
                reporter,
                reason: r.reason as ReportReason,
                text: r.text,
                created_at: r.created_at,
              },
            ]
          : [];
      });
      const kept = open.find((r) => r.snapshot !== null);
      const snapshot = kept ? decodeSnapshot(kept.snapshot) : null;
      const asReported = kept && snapshot ? { ...snapshot, created_at: kept.created_at } : null;
      const base = {
        target: g.target,
        target_id: g.targetId,
        reports: entries,
        first_reported_at: g.firstAt,
        last_reported_at: g.lastAt,
        as_reported: asReported,
      };
      const current = (text: string) => (asReported === null || asReported.text !== text ? text : null);
      if (g.target === 'post') {
        const p = postById.get(g.targetId);
        if (!p) return { ...base, ...gone, post_id: null };
        return {
          ...base,
          state: p.removed_at !== null ? 'removed' : p.held_at !== null ? 'held' : 'visible',
          post_id: p.id,
          topic: topics.get(p.topic_id) ?? null,
          author: authors.get(p.user_id) ?? null,
          current_text: current(p.text),
          comments_locked: p.comments_locked === 1,
        };
      }
      if (g.target === 'comment') {
        const c = commentById.get(g.targetId);
        if (!c) return { ...base, ...gone, post_id: null };
        return {
          ...base,
          state: c.removed_at !== null ? 'removed' : 'visible',
          post_id: c.post_id,
          topic: topics.get(c.topic_id) ?? null,
          author: authors.get(c.user_id) ?? null,
          current_text: current(c.text),
          comments_locked: false,
        };
      }
      const m = memberById.get(g.targetId);
      const present = m !== undefined && m.status !== 'erased';
      return {
        ...base,
        ...gone,
        state: present ? 'visible' : 'gone',
        post_id: null,
        author: present ? (authors.get(g.targetId) ?? null) : null,
        as_reported: null,
      };
    });
    return pageOf(list, total);
  }

  /** The content behind an action, checked: the caller moderates its topic and outranks its author. */
  async function actOn(
    trx: Parameters<typeof contentOf>[0],
    member: Member,
    target: ContentTarget,
    id: number,
  ) {
    const content = await contentOf(trx, target, id);
    await assertModeratesTopic(trx, member, content.topicId);
    await assertOutranks(trx, member, content.userId);
    return content;
  }

  const about = (c: Content) => ({
    targetType: c.target,
    targetId: c.id,
    subjectUserId: c.userId,
    topicId: c.topicId,
    postId: c.postId,
  });

  return {
    /** mod/overview: the caller's role and scope, and what waits in each queue. */
    async overview(member: Member) {
      const scope = await scopeOf(member);
      const [reports, held, appeals] = await Promise.all([
        repo.countReportGroups(scope),
        repo.countHeld(scope),
        countOpenAppeals(member),
      ]);
      return {
        role: member.role === 'admin' ? ('admin' as const) : ('moderator' as const),
        topic_ids: scope === 'all' ? null : scope,
        counts: { reports, held, appeals },
      };
    },

    /** mod/reports: open reports by what they are about, the longest waiting first. */
    async reports(member: Member, query: PageQuery) {
      const scope = await scopeOf(member);
      return reportGroups(scope, query);
    },

    /**
     * mod/reports/dismiss: nothing wrong was found. Reports of a member, or of content that is
     * gone (its topic unknown), need a moderator of every topic.
     */
    async dismiss(
      member: Member,
      input: { target: ReportTarget; target_id: number; reason?: string | undefined },
    ) {
      assertStaff(member, 'moderator');
      let content: Content | null = null;
      if (input.target !== 'user') {
        // Content deleted since it was reported still has reports to dismiss.
        content = await contentOf(db, input.target, input.target_id).catch((err: unknown) => {
          if (err instanceof AppError) return null;
          throw err;
        });
      }
      if (content) await assertModeratesTopic(db, member, content.topicId);
      else await assertGlobalModerator(db, member);
      const now = clock();
      const result = await db.transaction().execute(async (trx) => {
        const dismissed = await moderationRepo(trx).resolveReports(
          input.target,
          input.target_id,
          member.id,
          'dismissed',
          now,
        );
        // Dismissed meanwhile by someone else, or never reported: nothing to log.
        if (dismissed === 0) throw fail('errors.mod_no_open_reports');
        const actionId = await recordModAction(
          trx,
          {
            moderatorId: member.id,
            action: 'dismiss_reports',
            ...(content
              ? about(content)
              : {
                  targetType: input.target,
                  targetId: input.target_id,
                  subjectUserId: input.target === 'user' ? input.target_id : null,
                }),
            reason: input.reason ?? '',
          },
          now,
        );
        return { action_id: actionId, dismissed };
      });
      return answer(result, 'moderation.dismissed');
    },

    /**
     * mod/remove: the author is told and sees it removed, with the reason; everyone else sees a
     * placeholder; its open reports are resolved; a paid post refunds its buyers (refunds.ts).
     */
    async remove(member: Member, input: { target: ContentTarget; id: number; reason: string }) {
      assertStaff(member, 'moderator');
      const now = clock();
      const actionId = await db.transaction().execute(async (trx) => {
        const content = await actOn(trx, member, input.target, input.id);
        const tx = moderationRepo(trx);
        if (content.removedAt !== null) throw fail('errors.mod_already_removed');
        // Conditional, and on PostgreSQL a row lock: of two removals at once, one goes through.
        if (!(await tx.markRemoved(input.target, input.id, input.reason, now))) {
          throw fail('errors.mod_already_removed');
        }
        const id = await recordModAction(
          trx,
          {
            moderatorId: member.id,
            action: input.target === 'post' ? 'remove_post' : 'remove_comment',
            ...about(content),
            reason: input.reason,
            snapshot: logSnapshot(content),
          },
          now,
        );
        await tx.setRemovalAction(input.target, input.id, id);
        await tx.resolveReports(input.target, input.id, member.id, 'removed', now);
        await addNews(
          trx,
          content.userId,
          { kind: 'mod_removed', refType: input.target, refId: input.id, text: input.reason },
          now,
        );
        if (input.target === 'post' && content.price > 0) {
          await refundBuyers(trx, engine, { id: content.id, user_id: content.userId }, now);
        }
        return id;
      });
      await firstPages.clear();
      return answer({ action_id: actionId }, 'moderation.removed');
    },

    /** mod/restore: back as it was; the author is told. */
    async restore(member: Member, input: { target: ContentTarget; id: number; reason?: string | undefined }) {
      assertStaff(member, 'moderator');
      const now = clock();
      const actionId = await db
        .transaction()
        .execute((trx) => restoreContent(trx, member, input.target, input.id, input.reason ?? '', now));
      await firstPages.clear();
      return answer({ action_id: actionId }, 'moderation.restored');
    },

    /**
     * mod/lock: locked comments take no new comment or reply, and the author cannot reopen them.
     * Setting the state it already has changes nothing and logs nothing.
     */
    async lock(member: Member, input: { post_id: number; locked: boolean; reason?: string | undefined }) {
      assertStaff(member, 'moderator');
      const now = clock();
      const actionId = await db.transaction().execute(async (trx) => {
        const content = await actOn(trx, member, 'post', input.post_id);
        if (!(await moderationRepo(trx).setCommentsLocked(input.post_id, input.locked, now))) return null;
        const id = await recordModAction(
          trx,
          {
            moderatorId: member.id,
            action: input.locked ? 'lock_comments' : 'unlock_comments',
            ...about(content),
            reason: input.reason ?? '',
          },
          now,
        );
        if (input.locked) {
          await addNews(
            trx,
            content.userId,
            { kind: 'mod_locked', refType: 'post', refId: input.post_id, text: input.reason ?? '' },
            now,
          );
        }
        return id;
      });
      await firstPages.clear();
      return answer(
        { comments_locked: input.locked, action_id: actionId },
        input.locked ? 'moderation.locked' : 'moderation.unlocked',
      );
    },

    /** mod/held: posts held for review in the caller's topics, whole, the longest waiting first. */
    async held(member: Member, query: PageQuery) {
      const scope = await scopeOf(member);
      const [total, rows] = await Promise.all([
        repo.countHeld(scope),
        repo.heldPage(scope, offsetOf(query), query.num),
      ]);
      const posts = await presentPosts(
        db,
        member.id,
        rows.map((r) => r.id),
        [],
        { staff: true, desk: true },
      );
      const byId = new Map(posts.map((p) => [p.id, p]));
      const list = rows.flatMap((r): HeldPost[] => {
        const post = byId.get(r.id);
        return post ? [{ post, held_reason: r.reason, held_at: r.heldAt }] : [];
      });
      return pageOf(list, total);
    },

    /**
     * mod/held/release: the post joins the feeds as new (its time becomes now, so it is not
     * buried below what came while it waited), and its author is told. Rejecting is mod/remove.
     */
    async release(member: Member, postId: number) {
      assertStaff(member, 'moderator');
      const now = clock();
      const actionId = await db.transaction().execute(async (trx) => {
        const content = await actOn(trx, member, 'post', postId);
        if (content.heldAt === null || content.removedAt !== null) throw fail('errors.mod_not_held');
        if (!(await moderationRepo(trx).release(postId, now))) throw fail('errors.mod_not_held');
        const id = await recordModAction(
          trx,
          { moderatorId: member.id, action: 'release_post', ...about(content), reason: '' },
          now,
        );
        await addNews(trx, content.userId, { kind: 'post_released', refType: 'post', refId: postId }, now);
        return id;
      });
      await firstPages.clear();
      return answer({ action_id: actionId }, 'moderation.released');
    },

    /**
     * mod/member: a member as the desk sees them: standing, recent posts and comments whole
     * (removed and held ones flagged), what moderators did about them, and open reports.
     */
    async member(member: Member, userId: number): Promise<ModMember> {
      assertStaff(member, 'moderator');
      const [row] = await repo.members([userId]);
      if (!row || row.status === 'erased') throw fail('errors.user_not_found');
      const [authors, postIds, comments, actions, openReports] = await Promise.all([
        authorsOf(db, [userId]),
        repo.recentPostIds(userId, MOD_MEMBER_RECENT),
        repo.recentComments(userId, MOD_MEMBER_RECENT),
        actionsAgainst(db, userId, MOD_ACTIONS_SHOWN),
        repo.openReportsAbout(userId),
      ]);
      const user: Author | undefined = authors.get(userId);
      if (!user) throw fail('errors.user_not_found');
      const [posts, replies] = await Promise.all([
        presentPosts(db, member.id, postIds, [], { staff: true, desk: true }),
        presentCommentsToStaff(
          db,
          member.id,
          comments.map((c) => c.id),
        ),
      ]);
      const postOf = new Map(comments.map((c) => [c.id, c]));
      const now = clock();
      const suspended = row.suspended_until !== null && row.suspended_until > now;
      return {
        user,
        role: row.role,
        joined_at: row.created_at,
        level: row.level,
        status: row.status === 'banned' ? 'banned' : suspended ? 'suspended' : 'active',
        suspended_until: suspended ? row.suspended_until : null,
        recent_posts: posts,
        recent_comments: replies.map((r) => ({
          ...r,
          post: { id: r.post_id, text: postOf.get(r.id)?.postText ?? '', locked: false },
        })),
        actions,
        open_reports: openReports,
      };
    },
  };
}
export type ModerationService = ReturnType<typeof moderationService>;

/** A reported thing that is no longer there: nothing to show but the reports. */
const gone = {
  state: 'gone' as const,
  topic: null,
  author: null,
  current_text: null,
  comments_locked: false,
};
