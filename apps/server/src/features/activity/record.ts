import { EXPERIENCE_RULES } from '@pixelhall/contract';
import type { Executor } from '../../db/executor';
import { dayOf } from '../../shared/days';
import { type AchievementMetric, grantAchievements } from '../achievements/public';
import { type ExperienceGrant, grantExperience } from '../levels/public';
import { advanceTasks } from '../tasks/public';

/**
 * What a member just did, as the features that do it report it. recordActivity turns it into
 * experience, task progress and achievement tiers, in the caller's transaction, so that the
 * action and what it earns commit (or roll back) together.
 */
export type Activity =
  | { kind: 'post'; postId: number }
  | { kind: 'comment'; commentId: number }
  /** A like given (newly added); the author earns like_received experience once per liker and post. */
  | { kind: 'like'; postId: number; authorId: number }
  | { kind: 'share'; postId: number }
  /** A follow newly created; userId is the member followed. */
  | { kind: 'follow'; userId: number }
  | { kind: 'avatar' }
  | { kind: 'bet'; betId: number }
  | { kind: 'bet_won'; betId: number }
  | { kind: 'play'; gameId: number }
  /** The day's first start-up (check-in). */
  | { kind: 'login' }
  /** Seconds just added to today's `online_days` row (progression/repo.ts). */
  | { kind: 'online'; seconds: number };

/**
 * Marks an activity as counted once per key. It shares `experience_events` (amount 0, its own
 * source) so that "once" is the same primary key as experience's: liking, unliking and liking a
 * post again, or following someone a second time, does not count toward tasks again.
 */
async function firstTime(trx: Executor, userId: number, key: string, source: string, now: number) {
  const row = await trx
    .insertInto('experience_events')
    .values({ user_id: userId, key, source, amount: 0, day: dayOf(now), created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return row !== undefined;
}

export interface Recorded {
  /** Experience the acting member earned from it (not what others earned, e.g. a liked author). */
  experience: number;
}

export async function recordActivity(
  trx: Executor,
  userId: number,
  activity: Activity,
  now: number,
): Promise<Recorded> {
  const mine: AchievementMetric[] = [];
  let experience = 0;
  switch (activity.kind) {
    case 'post':
      experience += await earn(trx, userId, {
        key: `post:${activity.postId}`,
        source: 'post',
        amount: EXPERIENCE_RULES.post.points,
        now,
      });
      await advanceTasks(trx, userId, 'post', 1, now);
      mine.push('posts');
      break;
    case 'comment':
      experience += await earn(trx, userId, {
        key: `comment:${activity.commentId}`,
        source: 'comment',
        amount: EXPERIENCE_RULES.comment.points,
        now,
      });
      await advanceTasks(trx, userId, 'comment', 1, now);
      mine.push('comments');
      break;
    case 'like': {
      // Liking your own post earns nothing and counts toward nothing.
      if (activity.authorId === userId) break;
      await grantExperience(trx, activity.authorId, {
        key: `like:${activity.postId}:${userId}`,
        source: 'like_received',
        amount: EXPERIENCE_RULES.like_received.points,
        now,
      });
      await grantAchievements(trx, activity.authorId, ['likes_received'], now);
      if (await firstTime(trx, userId, `like_given:${activity.postId}`, 'like_given', now)) {
        await advanceTasks(trx, userId, 'like', 1, now);
      }
      break;
    }
    case 'share':
      // Sharing the same post again the same day counts once.
      if (await firstTime(trx, userId, `share:${activity.postId}:${dayOf(now)}`, 'share', now)) {
        await advanceTasks(trx, userId, 'share', 1, now);
      }
      break;
    case 'follow':
      if (activity.userId === userId) break;
      if (await firstTime(trx, userId, `follow:${activity.userId}`, 'follow', now)) {
        await advanceTasks(trx, userId, 'follow', 1, now);
      }
      await grantAchievements(trx, activity.userId, ['followers'], now);
      break;
    case 'avatar':
      await advanceTasks(trx, userId, 'avatar', 1, now);
      break;
    case 'bet':
      await advanceTasks(trx, userId, 'bet', 1, now);
      break;
    case 'bet_won':
      mine.push('bets_won');
      break;
    case 'play':
      await advanceTasks(trx, userId, 'play', 1, now);
      break;
    case 'login': {
      const day = dayOf(now);
      experience += await earn(trx, userId, {
        key: `login:${day}`,
        source: 'daily_login',
        amount: EXPERIENCE_RULES.daily_login.points,
        now,
      });
      await advanceTasks(trx, userId, 'login', 1, now);
      mine.push('checkin_days');
      break;
    }
    case 'online':
      experience += await recordOnline(trx, userId, activity.seconds, now);
      break;
  }
  await grantAchievements(trx, userId, mine, now);
  return { experience };
}

async function earn(trx: Executor, userId: number, grant: ExperienceGrant): Promise<number> {
  return (await grantExperience(trx, userId, grant)).added;
}

/**
 * Online time earns per whole 5 minutes of the day (experience, capped) and advances the
 * online-minutes tasks in whole minutes, from today's total before and after these seconds.
 */
async function recordOnline(trx: Executor, userId: number, seconds: number, now: number) {
  if (seconds <= 0) return 0;
  const day = dayOf(now);
  const row = await trx
    .selectFrom('online_days')
    .select('seconds')
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .executeTakeFirst();
  const after = Number(row?.seconds ?? 0);
  const before = Math.max(0, after - seconds);
  const block = EXPERIENCE_RULES.online.per_minutes * 60;
  let experience = 0;
  for (let n = Math.floor(before / block) + 1; n <= Math.floor(after / block); n += 1) {
    experience += await earn(trx, userId, {
      key: `online:${day}:${n}`,
      source: 'online',
      amount: EXPERIENCE_RULES.online.points,
      now,
    });
  }
  const minutes = Math.floor(after / 60) - Math.floor(before / 60);
  await advanceTasks(trx, userId, 'online_minutes', minutes, now);
  return experience;
}
