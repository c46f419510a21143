import { EXPERIENCE_RULES, type ExperienceSource, levelForExperience } from '@pixelhall/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import { dayOf } from '../../shared/days';
import { grantAchievements } from '../achievements/public';

/**
 * The one way experience is earned (and with it, levels). Each earning event has a key that is
 * the primary key of `experience_events` with the member, so "once" is exact: a like toggled
 * ten times, a retried request or a concurrent duplicate inserts nothing the second time.
 */

export interface ExperienceGrant {
  /** Unique per member: `post:<postId>`, `comment:<commentId>`, `like:<postId>:<likerId>`, … */
  key: string;
  /** An EXPERIENCE_RULES source is capped per UTC day; any other ('prop', 'task') is not. */
  source: ExperienceSource | 'prop' | 'task' | (string & {});
  amount: number;
  now: number;
}

export interface ExperienceResult {
  /** What was actually added: 0 for a repeated key or a reached daily cap. */
  added: number;
  experience: number;
  level: number;
  leveledUp: boolean;
}

function dailyCap(source: string): number | null {
  const rule = (EXPERIENCE_RULES as Record<string, { daily_cap: number }>)[source];
  return rule ? rule.daily_cap : null;
}

/**
 * Grants experience in the caller's transaction. The member's row is locked before today's
 * total for a capped source is read, so concurrent grants cannot together pass the cap.
 * The level only ever rises: max(level, levelForExperience(experience)).
 */
export async function grantExperience(
  trx: Executor,
  userId: number,
  grant: ExperienceGrant,
): Promise<ExperienceResult> {
  const { key, source, now } = grant;
  const amount = Math.max(0, Math.floor(grant.amount));
  const day = dayOf(now);
  const inserted = await trx
    .insertInto('experience_events')
    .values({ user_id: userId, key, source, amount, day, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();

  // Locks the member's row (PostgreSQL) until the caller commits; SQLite serialises writers.
  const user = await trx
    .updateTable('users')
    .set({ experience: sql`experience` })
    .where('id', '=', userId)
    .returning(['experience', 'level'])
    .executeTakeFirst();
  if (!user) throw new Error(`no member ${userId}`);
  const before = { experience: Number(user.experience), level: Number(user.level) };
  if (!inserted) return { added: 0, ...before, leveledUp: false };

  let added = amount;
  const cap = dailyCap(source);
  if (cap !== null && added > 0) {
    const today = await trx
      .selectFrom('experience_events')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), sql<number>`0`).as('total'))
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where('source', '=', source)
      .where('key', '!=', key)
      .executeTakeFirst();
    added = Math.max(0, Math.min(added, cap - Number(today?.total ?? 0)));
    if (added !== amount) {
      // The event stays (its key is spent) but records what it really brought.
      await trx
        .updateTable('experience_events')
        .set({ amount: added })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .execute();
    }
  }
  if (added === 0) return { added: 0, ...before, leveledUp: false };

  const experience = before.experience + added;
  const level = Math.max(before.level, levelForExperience(experience));
  await trx
    .updateTable('users')
    .set({ experience: sql`experience + ${added}`, level })
    .where('id', '=', userId)
    .execute();
  const leveledUp = level > before.level;
  // The climber achievement follows the level; its tiers pay once (features/achievements).
  if (leveledUp) await grantAchievements(trx, userId, ['level'], now);
  return { added, experience, level, leveledUp };
}
