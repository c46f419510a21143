import type { ModActionKind, ModTargetType } from '@pixelhall/contract';
import type { Executor } from '../../db/executor';
import type { PageStart } from '../../db/keyset';

/** One log entry as stored, numbers made numbers (PostgreSQL answers bigint as text). */
export interface ModActionRow {
  id: number;
  moderator_id: number | null;
  action: ModActionKind;
  target_type: ModTargetType;
  target_id: number | null;
  subject_user_id: number | null;
  topic_id: number | null;
  post_id: number | null;
  reason: string;
  until_at: number | null;
  snapshot: string | null;
  is_public: boolean;
  created_at: number;
}

/** Which entries a list reads; every field narrows it. */
export interface LogFilter {
  publicOnly?: boolean;
  moderatorId?: number;
  subjectId?: number;
  action?: ModActionKind;
  /** Only entries made after this time (epoch ms). */
  since?: number;
}

/** An entry's columns, as `rowOf` reads them; appeals pages the log with the same pair. */
export const COLUMNS = [
  'id',
  'moderator_id',
  'action',
  'target_type',
  'target_id',
  'subject_user_id',
  'topic_id',
  'post_id',
  'reason',
  'until_at',
  'snapshot',
  'is_public',
  'created_at',
] as const;

const num = (v: number | string | null) => (v === null ? null : Number(v));

type Stored = {
  id: number;
  moderator_id: number | null;
  action: string;
  target_type: string;
  target_id: number | null;
  subject_user_id: number | null;
  topic_id: number | null;
  post_id: number | null;
  reason: string;
  until_at: number | null;
  snapshot: string | null;
  is_public: number;
  created_at: number;
};

export function rowOf(r: Stored): ModActionRow {
  return {
    id: Number(r.id),
    moderator_id: num(r.moderator_id),
    action: r.action as ModActionKind,
    target_type: r.target_type as ModTargetType,
    target_id: num(r.target_id),
    subject_user_id: num(r.subject_user_id),
    topic_id: num(r.topic_id),
    post_id: num(r.post_id),
    reason: r.reason,
    until_at: num(r.until_at),
    snapshot: r.snapshot,
    is_public: Number(r.is_public) === 1,
    created_at: Number(r.created_at),
  };
}

/** The log's SQL; takes a transaction too, so an entry is written with the change it records. */
export function modLogRepo(db: Executor) {
  const filtered = (f: LogFilter) =>
    db
      .selectFrom('mod_actions')
      .$if(f.publicOnly === true, (q) => q.where('is_public', '=', 1))
      .$if(f.moderatorId !== undefined, (q) => q.where('moderator_id', '=', f.moderatorId!))
      .$if(f.subjectId !== undefined, (q) => q.where('subject_user_id', '=', f.subjectId!))
      .$if(f.action !== undefined, (q) => q.where('action', '=', f.action!))
      .$if(f.since !== undefined, (q) => q.where('created_at', '>', f.since!));

  return {
    async insert(row: Omit<ModActionRow, 'id'>): Promise<number> {
      const { id } = await db
        .insertInto('mod_actions')
        .values({ ...row, is_public: row.is_public ? 1 : 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async byId(id: number): Promise<ModActionRow | undefined> {
      const row = await db.selectFrom('mod_actions').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && rowOf(row);
    },

    /** Newest first (ids grow with time), keyset over the id. */
    async page(f: LogFilter, start: PageStart, limit: number): Promise<ModActionRow[]> {
      const rows = await filtered(f)
        .select(COLUMNS)
        .$if(start.after !== null, (q) => q.where('id', '<', start.after![0]!))
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(start.offset)
        .execute();
      return rows.map(rowOf);
    },

    async count(f: LogFilter): Promise<number> {
      const row = await filtered(f)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async topicRefs(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('topics')
        .select(['id', 'name', 'icon', 'min_age'])
        .where('id', 'in', ids)
        .execute();
    },
  };
}
