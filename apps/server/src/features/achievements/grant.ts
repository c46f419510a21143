import { ACHIEVEMENT_METRICS } from '@pixelhall/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { claimOperation, payReward } from '../wallet/public';

/**
 * Achievement tiers are earned from what a member has done (their metrics) and granted once:
 * the tier's row in `user_achievements` is a primary key, and only the request whose insert
 * won pays the tier's gold and diamonds through the ledger (key `achieve:<u>:<a>:<tier>`).
 */

export type AchievementMetric = (typeof ACHIEVEMENT_METRICS)[number];

export interface AchievementTierDef {
  threshold: number;
  gold: number;
  diamonds: number;
}

export function parseTiers(json: string): AchievementTierDef[] {
  const raw = JSON.parse(json) as Array<Partial<AchievementTierDef>>;
  return raw
    .map((t) => ({
      threshold: Math.max(1, Math.floor(Number(t.threshold ?? 1))),
      gold: Math.max(0, Math.floor(Number(t.gold ?? 0))),
      diamonds: Math.max(0, Math.floor(Number(t.diamonds ?? 0))),
    }))
    .sort((a, b) => a.threshold - b.threshold);
}

export function isMetric(value: string): value is AchievementMetric {
  return (ACHIEVEMENT_METRICS as readonly string[]).includes(value);
}

/** A member's count for one metric, read from what the features already keep. */
export async function metricValue(db: Executor, userId: number, metric: AchievementMetric): Promise<number> {
  switch (metric) {
    case 'posts':
    case 'followers':
    case 'checkin_days':
    case 'level': {
      const column = {
        posts: 'post_count',
        followers: 'follower_count',
        checkin_days: 'checkin_days',
        level: 'level',
      } as const;
      const row = await db
        .selectFrom('users')
        .select(column[metric])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row ? Number((row as Record<string, number>)[column[metric]]) : 0;
    }
    case 'comments': {
      const row = await db
        .selectFrom('comments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    }
    case 'likes_received': {
      // The likes on their posts, kept on each post by the like service.
      const row = await db
        .selectFrom('posts')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('like_count'), sql<number>`0`).as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    }
    case 'bets_won': {
      const row = await db
        .selectFrom('bets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('result', '=', 'won')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    }
  }
}

export interface GrantedTier {
  achievementId: number;
  tier: number;
  gold: number;
  diamonds: number;
}

export function achievementOperationKey(userId: number, achievementId: number, tier: number): string {
  return `achieve:${userId}:${achievementId}:${tier}`;
}

/**
 * Grants every tier the member has reached for the achievements of these metrics, in the
 * caller's transaction. Reading the metric in the same transaction as the action that moved it
 * means the tier is granted by the action that crossed the threshold (or a later one).
 */
export async function grantAchievements(
  trx: Executor,
  userId: number,
  metrics: readonly AchievementMetric[],
  now: number,
): Promise<GrantedTier[]> {
  if (metrics.length === 0) return [];
  const achievements = await trx
    .selectFrom('achievements')
    .select(['id', 'metric', 'tiers'])
    .where('metric', 'in', [...metrics])
    .orderBy('position')
    .orderBy('id')
    .execute();
  if (achievements.length === 0) return [];
  const earned = await trx
    .selectFrom('user_achievements')
    .select(['achievement_id', 'tier'])
    .where('user_id', '=', userId)
    .where(
      'achievement_id',
      'in',
      achievements.map((a) => Number(a.id)),
    )
    .execute();
  const have = new Set(earned.map((e) => `${Number(e.achievement_id)}:${e.tier}`));

  const values = new Map<string, number>();
  const granted: GrantedTier[] = [];
  for (const a of achievements) {
    if (!isMetric(a.metric)) continue;
    const id = Number(a.id);
    const tiers = parseTiers(a.tiers);
    // Every tier earned: nothing left to count (a prolific member's likes stay unsummed).
    if (tiers.every((_, i) => have.has(`${id}:${i + 1}`))) continue;
    let value = values.get(a.metric);
    if (value === undefined) {
      value = await metricValue(trx, userId, a.metric);
      values.set(a.metric, value);
    }
    for (const [index, t] of tiers.entries()) {
      const tier = index + 1;
      if (t.threshold > value) break;
      if (have.has(`${id}:${tier}`)) continue;
      const row = await trx
        .insertInto('user_achievements')
        .values({ user_id: userId, achievement_id: id, tier, earned_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'achievement_id', 'tier']).doNothing())
        .returning('tier')
        .executeTakeFirst();
      if (!row) continue;
      await payTier(trx, userId, id, tier, t, now);
      granted.push({ achievementId: id, tier, gold: t.gold, diamonds: t.diamonds });
    }
  }
  return granted;
}

async function payTier(
  trx: Executor,
  userId: number,
  achievementId: number,
  tier: number,
  t: AchievementTierDef,
  now: number,
): Promise<void> {
  const key = achievementOperationKey(userId, achievementId, tier);
  const op = { key, userId, kind: 'achievement_reward', refType: 'achievement', refId: achievementId };
  if (!(await claimOperation(trx, op, now))) return;
  await payReward(trx, {
    key,
    userId,
    source: 'achievement',
    sourceId: achievementId,
    reason: 'achievement_reward',
    gold: t.gold,
    diamonds: t.diamonds,
    now,
  });
}
