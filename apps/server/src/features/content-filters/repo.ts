import type { FilterAction, FilterKind } from '@pixelhall/contract';
import type { Executor } from '../../db/executor';

/** content_filters, and the two counts the hourly limits read from posts and comments. Takes a transaction too. */
export function contentFiltersRepo(db: Executor) {
  return {
    /**
     * What changes whenever a filter is added or removed: the count falls with every removal and
     * the highest id rises with every addition (rows are never updated, ids never reused).
     */
    async version(): Promise<string> {
      const row = await db
        .selectFrom('content_filters')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('top')])
        .executeTakeFirstOrThrow();
      return `${Number(row.n)}:${Number(row.top ?? 0)}`;
    },

    all: () =>
      db
        .selectFrom('content_filters')
        .select(['id', 'kind', 'value', 'normalized', 'action'])
        .orderBy('id')
        .execute(),

    /** Newest first, with the administrator who added each; one filter when `id` is given. */
    listed: (id?: number) =>
      db
        .selectFrom('content_filters as f')
        .leftJoin('users as u', 'u.id', 'f.created_by')
        .select([
          'f.id',
          'f.kind',
          'f.value',
          'f.action',
          'f.created_at',
          'u.id as user_id',
          'u.nickname',
          'u.avatar',
          'u.level',
        ])
        .$if(id !== undefined, (q) => q.where('f.id', '=', id!))
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .execute(),

    /** The new filter's id, or undefined when one of that kind and normalized value exists. */
    async insert(row: {
      kind: FilterKind;
      value: string;
      normalized: string;
      action: FilterAction;
      createdBy: number | null;
      now: number;
    }): Promise<number | undefined> {
      const inserted = await db
        .insertInto('content_filters')
        .values({
          kind: row.kind,
          value: row.value,
          normalized: row.normalized,
          action: row.action,
          created_by: row.createdBy,
          created_at: row.now,
        })
        .onConflict((oc) => oc.columns(['kind', 'normalized']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted && Number(inserted.id);
    },

    /** The removed filter, or undefined when there was none. */
    remove: (id: number) =>
      db
        .deleteFrom('content_filters')
        .where('id', '=', id)
        .returning(['id', 'kind', 'value', 'action'])
        .executeTakeFirst(),

    member: (userId: number) =>
      db
        .selectFrom('users')
        .select(['level', 'created_at', 'role'])
        .where('id', '=', userId)
        .executeTakeFirst(),

    /** Holds the member's row until the transaction ends (PostgreSQL), so their writes take turns at the limit. */
    async lockMember(userId: number): Promise<void> {
      await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    },

    /** What the member wrote since `since`, by (user_id, created_at): posts_user_new and comments_user. */
    async writtenSince(table: 'posts' | 'comments', userId: number, since: number): Promise<number> {
      const { n } = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(n);
    },
  };
}
