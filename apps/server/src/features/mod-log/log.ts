import {
  type ModAction,
  type ModActionKind,
  type ModTargetType,
  PUBLIC_MOD_ACTIONS,
} from '@pixelhall/contract';
import type { Executor } from '../../db/executor';
import { authorsOf } from '../people/public';
import { type ModActionRow, modLogRepo } from './repo';

const PUBLIC = new Set<ModActionKind>(PUBLIC_MOD_ACTIONS);

type TopicRef = NonNullable<ModAction['topic']>;

/** What a moderator did, as its feature hands it to the log. */
export interface ModActionInput {
  /** null: an operator's `npm run ops` command. */
  moderatorId: number | null;
  action: ModActionKind;
  targetType: ModTargetType;
  targetId: number | null;
  /** Whom it is about: the content's author, or the member acted on. */
  subjectUserId: number | null;
  topicId?: number | null;
  /** The post a comment belongs to (or the post itself), for links. */
  postId?: number | null;
  reason: string;
  /** When a suspension ends. */
  until?: number | null;
  /** The content as it was (its text and link), for the staff. */
  snapshot?: string | null;
}

/**
 * The one way an entry is written; takes the transaction of the change it records, so the log
 * holds exactly what happened. Answers the entry's id (what an appeal names).
 */
export function recordModAction(trx: Executor, a: ModActionInput, now: number): Promise<number> {
  return modLogRepo(trx).insert({
    moderator_id: a.moderatorId,
    action: a.action,
    target_type: a.targetType,
    target_id: a.targetId,
    subject_user_id: a.subjectUserId,
    topic_id: a.topicId ?? null,
    post_id: a.postId ?? null,
    reason: a.reason,
    until_at: a.until ?? null,
    snapshot: a.snapshot ?? null,
    is_public: PUBLIC.has(a.action),
    created_at: now,
  });
}

export const isPublicAction = (action: ModActionKind) => PUBLIC.has(action);

/**
 * Entries as the contract shows them. `staff`: everything; `public`: never who acted nor the
 * content as it was (the public log, and a member's own view of what was done about them).
 */
export async function presentActions(
  db: Executor,
  rows: ModActionRow[],
  view: 'staff' | 'public',
): Promise<ModAction[]> {
  const people = new Set<number>();
  const topicIds = new Set<number>();
  for (const r of rows) {
    if (view === 'staff' && r.moderator_id !== null) people.add(r.moderator_id);
    if (r.subject_user_id !== null) people.add(r.subject_user_id);
    if (r.topic_id !== null) topicIds.add(r.topic_id);
  }
  const [authors, topicRows] = await Promise.all([
    authorsOf(db, people),
    modLogRepo(db).topicRefs([...topicIds]),
  ]);
  const topics = new Map<number, TopicRef>(
    topicRows.map((t) => [
      Number(t.id),
      { id: Number(t.id), name: t.name, icon: t.icon, min_age: t.min_age },
    ]),
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    moderator: view === 'staff' && r.moderator_id !== null ? (authors.get(r.moderator_id) ?? null) : null,
    target_type: r.target_type,
    target_id: r.target_id,
    post_id: r.post_id,
    subject: r.subject_user_id === null ? null : (authors.get(r.subject_user_id) ?? null),
    topic: r.topic_id === null ? null : (topics.get(r.topic_id) ?? null),
    reason: r.reason,
    until: r.until_at,
    snapshot: view === 'staff' ? r.snapshot : null,
    created_at: r.created_at,
  }));
}

/** What was done about a member, newest first, as the staff see it (the desk's member page). */
export async function actionsAgainst(db: Executor, userId: number, limit: number): Promise<ModAction[]> {
  const rows = await modLogRepo(db).page({ subjectId: userId }, { after: null, offset: 0 }, limit);
  return presentActions(db, rows, 'staff');
}

/** Entries about a member as stored, newest first: of one kind, and after a time, if given. */
export const entriesAbout = (
  db: Executor,
  userId: number,
  f: { action?: ModActionKind; since?: number; limit: number },
): Promise<ModActionRow[]> =>
  modLogRepo(db).page(
    { subjectId: userId, action: f.action, since: f.since },
    { after: null, offset: 0 },
    f.limit,
  );

/** One entry as stored, or undefined. */
export const actionById = (db: Executor, id: number): Promise<ModActionRow | undefined> =>
  modLogRepo(db).byId(id);
