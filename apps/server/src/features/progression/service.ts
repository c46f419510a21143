import {
  type Added,
  CHECKIN_GOLD,
  CHECKIN_STREAK_BONUS_GOLD,
  CHECKIN_STREAK_BONUS_MAX_DAYS,
  isMessageKey,
  type PageQuery,
  type Reward,
} from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { keysetPage } from '../../db/keyset';
import type { DB } from '../../db/schema';
import { answer } from '../../http/envelope';
import type { Member } from '../../http/request-context';
import type { Translate } from '../../i18n';
import { DAY_MS, dayOf } from '../../shared/days';
import { recordActivity } from '../activity/public';
import { claimOperation, NO_REWARD, payReward } from '../wallet/public';
import { progressionRepo, type RewardListRow } from './repo';

export const checkinOperationKey = (userId: number, day: number) => `checkin:${userId}:${day}`;

/** The check-in's gold: the base, and one more per day of the run, up to a week's worth. */
export function checkinGold(streak: number): number {
  return (
    CHECKIN_GOLD +
    CHECKIN_STREAK_BONUS_GOLD * Math.min(Math.max(0, streak - 1), CHECKIN_STREAK_BONUS_MAX_DAYS)
  );
}

/** The day's start-up check-in, online time and the list of what a member earned. */
export function progressionService({ db, clock }: { db: Kysely<DB>; clock: () => number }) {
  const repo = progressionRepo(db);

  function titleOf(row: RewardListRow, t: Translate): string {
    switch (row.source) {
      case 'task': {
        const key = `tasks.${row.task_code}`;
        return row.task_code && isMessageKey(key) ? t(key) : (row.task_code ?? '');
      }
      case 'level':
        return t('rewards.level', { level: Number(row.source_id) });
      case 'checkin':
        return t('rewards.checkin');
      case 'achievement': {
        const key = `achievements.${row.achievement_code}.name`;
        const name = row.achievement_code && isMessageKey(key) ? t(key) : (row.achievement_code ?? '');
        // The tier is the last part of its operation key, achieve:<user>:<achievement>:<tier>.
        const tier = Number(row.operation_key.split(':').pop());
        return t('rewards.achievement', { name, tier });
      }
    }
  }

  return {
    /**
     * start/up (type 1, authLogin true). The first call of a UTC day checks the member in:
     * gold through the ledger, login experience, the login task and achievements. Visitors
     * start the app too, but earn nothing until they are members.
     */
    async startUp(member: Member) {
      if (member.isTourist) return { first_today: false, streak: 0, added: NO_REWARD };
      const now = clock();
      const day = dayOf(now);
      const checked = await db.transaction().execute(async (trx) => {
        const tx = progressionRepo(trx);
        const streak = await tx.checkIn(member.id, day);
        if (streak === null) return null;
        const gold = checkinGold(streak);
        const key = checkinOperationKey(member.id, day);
        const op = { key, userId: member.id, kind: 'checkin_reward', refType: 'checkin', refId: day };
        if (await claimOperation(trx, op, now)) {
          await payReward(trx, {
            key,
            userId: member.id,
            source: 'checkin',
            sourceId: day,
            reason: 'checkin_reward',
            gold,
            diamonds: 0,
            now,
          });
        }
        const { experience } = await recordActivity(trx, member.id, { kind: 'login' }, now);
        const added: Added = { gold, diamonds: 0, experience };
        return { streak, added };
      });
      if (!checked) return { first_today: false, streak: await repo.streak(member.id), added: NO_REWARD };
      const data = { first_today: true, ...checked };
      return answer(data, 'economy.checked_in', { gold: checked.added.gold });
    },

    /**
     * A heartbeat. What it may add is bounded by the time since the previous beat (or since
     * midnight for the day's first), so beating faster than real time adds nothing more.
     */
    async online(member: Member, seconds: number) {
      const now = clock();
      const day = dayOf(now);
      const total = await db.transaction().execute(async (trx) => {
        const tx = progressionRepo(trx);
        const first = await tx.openDay(member.id, day, now);
        const { seconds: before, lastBeatAt } = await tx.lockDay(member.id, day);
        const since = first ? now - day * DAY_MS : now - lastBeatAt;
        const credited = Math.max(0, Math.min(seconds, Math.floor(since / 1000)));
        if (credited === 0) return before;
        const after = await tx.credit(member.id, day, credited, Math.max(now, lastBeatAt));
        // Visitors' time is counted, but only members earn from it.
        if (!member.isTourist)
          await recordActivity(trx, member.id, { kind: 'online', seconds: credited }, now);
        return after;
      });
      return { today_seconds: total };
    },

    async rewards(member: Member, query: PageQuery, t: Translate) {
      const [{ rows, cursor }, total] = await Promise.all([
        keysetPage(
          query,
          (r: RewardListRow) => [Number(r.id)],
          1,
          (start, limit) => repo.rewards(member.id, start, limit),
        ),
        repo.countRewards(member.id),
      ]);
      const list: Reward[] = rows.map((r) => ({
        id: Number(r.id),
        source: r.source,
        title: titleOf(r, t),
        gold: Number(r.gold),
        diamonds: Number(r.diamonds),
        experience: Number(r.experience),
        created_at: Number(r.created_at),
      }));
      return { list, total, cursor };
    },
  };
}
export type ProgressionService = ReturnType<typeof progressionService>;
