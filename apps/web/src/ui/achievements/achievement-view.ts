import type { Achievement } from '@pixelhall/contract';

export interface AchievementProgress {
  /** Tiers earned, out of `tiers`. */
  earned: number;
  tiers: number;
  /** The next threshold to reach; null once every tier is earned. */
  next: { tier: number; threshold: number } | null;
  /** Towards the next threshold, 0 to 1 (1 when complete). */
  ratio: number;
}

/** How far a member is with an achievement: tiers earned and the way to the next threshold. */
export function achievementProgress(a: Pick<Achievement, 'tier' | 'tiers' | 'value'>): AchievementProgress {
  const tiers = [...a.tiers].sort((x, y) => x.tier - y.tier);
  const earned = Math.min(a.tier, tiers.length);
  const upcoming = tiers.find((t) => t.tier > a.tier);
  if (!upcoming) return { earned, tiers: tiers.length, next: null, ratio: 1 };
  return {
    earned,
    tiers: tiers.length,
    next: { tier: upcoming.tier, threshold: upcoming.threshold },
    ratio: Math.min(1, Math.max(0, a.value / upcoming.threshold)),
  };
}

/**
 * The profile's choice after tapping an achievement: added at the end, or taken out; a full
 * choice refuses another (`full`), and only earned achievements can be shown.
 */
export function toggleShown(
  chosen: number[],
  achievement: Pick<Achievement, 'id' | 'tier'>,
  max: number,
): { chosen: number[]; refused: 'full' | 'not-earned' | null } {
  if (chosen.includes(achievement.id))
    return { chosen: chosen.filter((id) => id !== achievement.id), refused: null };
  if (achievement.tier < 1) return { chosen, refused: 'not-earned' };
  if (chosen.length >= max) return { chosen, refused: 'full' };
  return { chosen: [...chosen, achievement.id], refused: null };
}
