import type { Executor } from '../../db/executor';

const COLUMNS = ['id', 'code', 'metric', 'icon', 'tiers', 'position'] as const;

/** Achievements, the tiers members earned and the ones they show; tiers are granted in grant.ts. */
export function achievementsRepo(db: Executor) {
  return {
    all: () => db.selectFrom('achievements').select(COLUMNS).orderBy('position').orderBy('id').execute(),

    find: (id: number) =>
      db.selectFrom('achievements').select(COLUMNS).where('id', '=', id).executeTakeFirst(),

    userExists: async (id: number) =>
      Boolean(
        await db
          .selectFrom('users')
          .select('id')
          .where('id', '=', id)
          .where('status', '=', 'active')
          .executeTakeFirst(),
      ),

    earned: (userId: number) =>
      db
        .selectFrom('user_achievements')
        .select(['achievement_id', 'tier', 'earned_at'])
        .where('user_id', '=', userId)
        .execute(),

    /** The member's chosen achievements, in their order. */
    displayed: async (userId: number): Promise<number[]> =>
      (
        await db
          .selectFrom('achievement_display')
          .select('achievement_id')
          .where('user_id', '=', userId)
          .orderBy('position')
          .execute()
      ).map((r) => Number(r.achievement_id)),

    /** Replaces the whole chosen set; call it in a transaction. */
    async replaceDisplayed(userId: number, ids: number[]): Promise<void> {
      await db.deleteFrom('achievement_display').where('user_id', '=', userId).execute();
      if (ids.length === 0) return;
      await db
        .insertInto('achievement_display')
        .values(ids.map((id, position) => ({ user_id: userId, achievement_id: id, position })))
        .execute();
    },
  };
}
export type AchievementRow = Awaited<ReturnType<ReturnType<typeof achievementsRepo>['all']>>[number];
