import {
  type APPEALABLE_ACTIONS,
  type AppealState,
  MEMBER_VISIBLE_ACTIONS,
  type ModActionKind,
} from '@pixelhall/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { PageStart } from '../../db/keyset';
import { MOD_ACTION_COLUMNS, type ModActionRow, modActionRowOf } from '../mod-log/public';

/** An appeal as stored, numbers made numbers (PostgreSQL answers bigint as text). */
export interface AppealRow {
  id: number;
  action_id: number;
  user_id: number;
  kind: ModActionKind;
  topic_id: number | null;
  actor_id: number | null;
  message: string;
  state: AppealState;
  answer: string | null;
  answered_by: number | null;
  answered_at: number | null;
  created_at: number;
}

/** Whose appeals a desk list reads: every one, or only removals in these topics. */
export type AppealScope = 'all' | { topics: number[] };

const APPEAL_COLUMNS = [
  'id',
  'action_id',
  'user_id',
  'kind',
  'topic_id',
  'actor_id',
  'message',
  'state',
  'answer',
  'answered_by',
  'answered_at',
  'created_at',
] as const;

/**
 * The open queue's condition, as a literal: the partial indexes of 0026_appeals serve only a
 * query whose condition is the very same constant, never a bound parameter.
 */
const OPEN = sql.lit('open' as const);

const num = (v: number | string | null) => (v === null ? null : Number(v));

type StoredAppeal = {
  id: number;
  action_id: number;
  user_id: number;
  kind: string;
  topic_id: number | null;
  actor_id: number | null;
  message: string;
  state: string;
  answer: string | null;
  answered_by: number | null;
  answered_at: number | null;
  created_at: number;
};

function appealOf(r: StoredAppeal): AppealRow {
  return {
    id: Number(r.id),
    action_id: Number(r.action_id),
    user_id: Number(r.user_id),
    kind: r.kind as ModActionKind,
    topic_id: num(r.topic_id),
    actor_id: num(r.actor_id),
    message: r.message,
    state: r.state as AppealState,
    answer: r.answer,
    answered_by: num(r.answered_by),
    answered_at: num(r.answered_at),
    created_at: Number(r.created_at),
  };
}

/**
 * Appeals' SQL; takes a transaction too. Reads the moderation log's rows (mod_actions) directly
 * for the lists it pages and joins, and the posts', comments' and members' columns that say
 * whether an action still holds (docs/internals/appeals.md#what-it-reads); it writes only appeals.
 */
export function appealsRepo(db: Executor) {
  const scoped = (scope: AppealScope) => {
    const q = db.selectFrom('appeals');
    if (scope === 'all') return q;
    // A scoped moderator answers removals in their topics; suspensions reach beyond any topic.
    if (scope.topics.length === 0) return q.where(sql<boolean>`1 = 0`);
    return q.where('kind', 'in', ['remove_post', 'remove_comment']).where('topic_id', 'in', scope.topics);
  };

  return {
    /** The new appeal, or undefined when the action was appealed already (`appeals_once`). */
    async insert(row: {
      action_id: number;
      user_id: number;
      kind: ModActionKind;
      topic_id: number | null;
      actor_id: number | null;
      message: string;
      created_at: number;
    }): Promise<AppealRow | undefined> {
      const stored = await db
        .insertInto('appeals')
        .values(row)
        .onConflict((oc) => oc.column('action_id').doNothing())
        .returning(APPEAL_COLUMNS)
        .executeTakeFirst();
      return stored && appealOf(stored);
    },

    async byId(id: number): Promise<AppealRow | undefined> {
      const row = await db
        .selectFrom('appeals')
        .select(APPEAL_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && appealOf(row);
    },

    async byAction(actionId: number): Promise<AppealRow | undefined> {
      const row = await db
        .selectFrom('appeals')
        .select(APPEAL_COLUMNS)
        .where('action_id', '=', actionId)
        .executeTakeFirst();
      return row && appealOf(row);
    },

    /**
     * Answers an open appeal: the row changes only while it is still open, so of two answers
     * at once one wins and the other finds it answered. Answers whether this call answered it.
     */
    async answer(id: number, a: { state: 'granted' | 'denied'; answer: string; by: number; now: number }) {
      const row = await db
        .updateTable('appeals')
        .set({ state: a.state, answer: a.answer, answered_by: a.by, answered_at: a.now })
        .where('id', '=', id)
        .where('state', '=', OPEN)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The open queue oldest first (keyset over created_at, id), or the answered newest answer first. */
    async page(scope: AppealScope, state: 'open' | 'answered', start: PageStart, limit: number) {
      const q = scoped(scope).select(APPEAL_COLUMNS);
      const rows =
        state === 'open'
          ? await q
              .where('state', '=', OPEN)
              .$if(start.after !== null, (w) =>
                w.where(({ eb, refTuple, tuple }) =>
                  eb(refTuple('created_at', 'id'), '>', tuple(start.after![0]!, start.after![1]!)),
                ),
              )
              .orderBy('created_at', 'asc')
              .orderBy('id', 'asc')
              .offset(start.offset)
              .limit(limit)
              .execute()
          : await q
              .where('answered_at', 'is not', null)
              .$if(start.after !== null, (w) =>
                w.where(({ eb, refTuple, tuple }) =>
                  eb(refTuple('answered_at', 'id'), '<', tuple(start.after![0]!, start.after![1]!)),
                ),
              )
              .orderBy('answered_at', 'desc')
              .orderBy('id', 'desc')
              .offset(start.offset)
              .limit(limit)
              .execute();
      return rows.map(appealOf);
    },

    async count(scope: AppealScope, state: 'open' | 'answered'): Promise<number> {
      const row = await scoped(scope)
        .$if(state === 'open', (q) => q.where('state', '=', OPEN))
        // Every answered appeal has its time: counted from appeals_answered alone.
        .$if(state === 'answered', (q) => q.where('answered_at', 'is not', null))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The log entries of these ids, as stored. */
    async actions(ids: number[]): Promise<Map<number, ModActionRow>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('mod_actions')
        .select(MOD_ACTION_COLUMNS)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((r) => [Number(r.id), modActionRowOf(r)]));
    },

    /** What moderators did about a member that they see, newest first (keyset over the id). */
    async noticesOf(userId: number, start: PageStart, limit: number): Promise<ModActionRow[]> {
      const rows = await db
        .selectFrom('mod_actions')
        .select(MOD_ACTION_COLUMNS)
        .where('subject_user_id', '=', userId)
        .where('action', 'in', [...MEMBER_VISIBLE_ACTIONS])
        .$if(start.after !== null, (q) => q.where('id', '<', start.after![0]!))
        .orderBy('id', 'desc')
        .offset(start.offset)
        .limit(limit)
        .execute();
      return rows.map(modActionRowOf);
    },

    async noticeCount(userId: number): Promise<number> {
      const row = await db
        .selectFrom('mod_actions')
        .where('subject_user_id', '=', userId)
        .where('action', 'in', [...MEMBER_VISIBLE_ACTIONS])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The appeals of these log entries, by entry. */
    async byActions(actionIds: number[]): Promise<Map<number, AppealRow>> {
      if (actionIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('appeals')
        .select(APPEAL_COLUMNS)
        .where('action_id', 'in', actionIds)
        .execute();
      return new Map(rows.map((r) => [Number(r.action_id), appealOf(r)]));
    },

    /**
     * Of these appealable entries, the ones that still hold at `now`: the post or comment is
     * still removed by that very entry (not restored, not removed again, not deleted), or the
     * member's running suspension is that entry's. Everything else has nothing left to undo.
     */
    async inForce(actions: ModActionRow[], now: number): Promise<Set<number>> {
      const ids = (kind: (typeof APPEALABLE_ACTIONS)[number]) =>
        actions.filter((a) => a.action === kind).map((a) => a.id);
      const posts = ids('remove_post');
      const comments = ids('remove_comment');
      const suspensions = ids('suspend');
      const [p, c, s] = await Promise.all([
        posts.length
          ? db
              .selectFrom('posts')
              .select('removed_action_id as id')
              .where('removed_action_id', 'in', posts)
              .execute()
          : [],
        comments.length
          ? db
              .selectFrom('comments')
              .select('removed_action_id as id')
              .where('removed_action_id', 'in', comments)
              .execute()
          : [],
        suspensions.length
          ? db
              .selectFrom('users')
              .select('suspension_action_id as id')
              .where('suspension_action_id', 'in', suspensions)
              .where('suspended_until', '>', now)
              .where('status', '=', 'active')
              .execute()
          : [],
      ]);
      return new Set([...p, ...c, ...s].map((r) => Number(r.id)));
    },

    /** The roles of these members, for who may answer whose appeal. */
    async roles(userIds: number[]) {
      if (userIds.length === 0) return new Map<number, 'member' | 'moderator' | 'admin'>();
      const rows = await db.selectFrom('users').select(['id', 'role']).where('id', 'in', userIds).execute();
      return new Map(rows.map((r) => [Number(r.id), r.role]));
    },
  };
}
export type AppealsRepo = ReturnType<typeof appealsRepo>;
