import { experienceForLevel, GRADES, gradeForLevel, LEVEL_MAX, type LevelRow } from '@pixelhall/contract';

/**
 * Each level's one-time reward: 10 gold per level, and on every fifth level as many diamonds
 * as fifths climbed (level 5: 1, level 10: 2 …). Level 1 is where everyone starts: no reward.
 */
export function levelReward(level: number): { gold: number; diamonds: number } {
  if (level <= 1) return { gold: 0, diamonds: 0 };
  return { gold: level * 10, diamonds: level % 5 === 0 ? level / 5 : 0 };
}

export type RewardState = LevelRow['reward_state'];

/** The caller's state of a level's reward; without a caller (no token) there is none. */
export function rewardState(
  level: number,
  caller: { level: number; claimed: ReadonlySet<number> } | null,
): RewardState {
  const reward = levelReward(level);
  if (!caller || (reward.gold === 0 && reward.diamonds === 0)) return 'none';
  if (level > caller.level) return 'locked';
  return caller.claimed.has(level) ? 'claimed' : 'claimable';
}

export function levelRow(
  level: number,
  caller: { level: number; claimed: ReadonlySet<number> } | null,
): LevelRow {
  const reward = levelReward(level);
  return {
    level,
    experience: experienceForLevel(level),
    grade: gradeForLevel(level),
    reward_gold: reward.gold,
    reward_diamonds: reward.diamonds,
    reward_state: rewardState(level, caller),
  };
}

export function levelTable(caller: { level: number; claimed: ReadonlySet<number> } | null) {
  return {
    list: Array.from({ length: LEVEL_MAX }, (_, i) => levelRow(i + 1, caller)),
    grades: GRADES.map((g) => ({ name: g.name, min_level: g.min_level })),
  };
}
