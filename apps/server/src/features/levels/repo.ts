import { sql } from 'kysely';
import type { Executor } from '../../db/executor';

/** Reads for levels; experience itself is written only by experience.ts. */
export function levelsRepo(db: Executor) {
  return {
    async standing(userId: number) {
      const row = await db
        .selectFrom('users')
        .select(['level', 'experience'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return { level: Number(row.level), experience: Number(row.experience) };
    },

    async experienceOn(userId: number, day: number): Promise<number> {
      const row = await db
        .selectFrom('experience_events')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
        .where('user_id', '=', userId)
        .where('day', '=', day)
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** The levels whose reward the member has claimed. */
    async claimed(userId: number): Promise<Set<number>> {
      const rows = await db
        .selectFrom('rewards')
        .select('source_id')
        .where('user_id', '=', userId)
        .where('source', '=', 'level')
        .execute();
      return new Set(rows.map((r) => Number(r.source_id)));
    },
  };
}
