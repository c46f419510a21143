import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface NewsItem {
  kind: string;
  actorId?: number | null;
  refType?: string | null;
  refId?: number | null;
  /** Stored as given; kinds the app knows (`welcome`, `like` …) are worded by the app instead. */
  text?: string;
}

export type NewsRow = NonNullable<Awaited<ReturnType<ReturnType<typeof newsRepo>['latest']>>>;

/** Takes a transaction too, so news can be written with the change it reports. */
export function newsRepo(db: Kysely<DB>) {
  return {
    async add(userId: number, item: NewsItem, now: number): Promise<number> {
      const { id } = await db
        .insertInto('news')
        .values({
          user_id: userId,
          kind: item.kind,
          actor_id: item.actorId ?? null,
          ref_type: item.refType ?? null,
          ref_id: item.refId ?? null,
          text: item.text ?? '',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    async unreadCount(userId: number): Promise<number> {
      const { count } = await db
        .selectFrom('news')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    latest: (userId: number) =>
      db
        .selectFrom('news')
        .select(['id', 'kind', 'text', 'actor_id', 'ref_type', 'ref_id', 'read_at', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),
  };
}
export type NewsRepo = ReturnType<typeof newsRepo>;
