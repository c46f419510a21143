import { experienceForLevel, gradeForLevel, LEVEL_MAX, type LevelInfo } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { fail } from '../../http/app-error';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import { dayOf } from '../../shared/days';
import { assertFullMember } from '../../shared/full-member';
import { balancesOf, paidReward, payReward, runOnce } from '../wallet/public';
import { levelsRepo } from './repo';
import { levelReward, levelRow, levelTable } from './table';

export const levelOperationKey = (userId: number, level: number) => `level:${userId}:${level}`;

/** The caller's level and the level table; each reached level's reward is claimed once. */
export function levelsService({ db, clock }: { db: Kysely<DB>; clock: () => number }) {
  const repo = levelsRepo(db);

  async function caller(userId: number) {
    const [standing, claimed] = await Promise.all([repo.standing(userId), repo.claimed(userId)]);
    return { ...standing, claimed };
  }

  return {
    async info(member: Member): Promise<LevelInfo> {
      const { level, experience, claimed } = await caller(member.id);
      let unclaimed = 0;
      for (let l = 2; l <= level; l += 1) {
        const reward = levelReward(l);
        if ((reward.gold > 0 || reward.diamonds > 0) && !claimed.has(l)) unclaimed += 1;
      }
      return {
        level,
        grade: gradeForLevel(level),
        experience,
        level_experience: experienceForLevel(level),
        next_experience: level >= LEVEL_MAX ? null : experienceForLevel(level + 1),
        today_experience: await repo.experienceOn(member.id, dayOf(clock())),
        unclaimed_rewards: unclaimed,
      };
    },

    async table(viewer: Member | null) {
      return levelTable(viewer ? await caller(viewer.id) : null);
    },

    /** A repeated or concurrent claim answers what the first paid; the ledger pays once. */
    async claim(member: Member, level: number) {
      assertFullMember(member);
      const { level: reached } = await repo.standing(member.id);
      if (level > reached) throw fail('errors.level_not_reached', { level });
      const reward = levelReward(level);
      const key = levelOperationKey(member.id, level);
      const now = clock();
      const { result } = await runOnce(
        db,
        { key, userId: member.id, kind: 'level_reward', refType: 'level', refId: level },
        now,
        async (trx) => {
          await payReward(trx, {
            key,
            userId: member.id,
            source: 'level',
            sourceId: level,
            reason: 'level_reward',
            gold: reward.gold,
            diamonds: reward.diamonds,
            now,
          });
          return { gold: reward.gold, diamonds: reward.diamonds, experience: 0 };
        },
        async () => (await paidReward(db, key)) ?? { ...reward, experience: 0 },
      );
      const data = {
        added: result,
        balances: await balancesOf(db, member.id),
        level: levelRow(level, await caller(member.id)),
      };
      return answer(data, 'economy.reward_claimed');
    },
  };
}
export type LevelsService = ReturnType<typeof levelsService>;
