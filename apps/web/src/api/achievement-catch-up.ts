import type { CaughtUpTier } from '@pixelhall/contract';
import i18n from '../i18n';
import type { Celebration } from '../state/reward-celebration';

/**
 * What the achievements listing credited for tiers reached before they were counted, as one
 * reward overlay: the tier's own name when there is one, else how many, with everything added.
 * Null when the listing credited nothing.
 */
export function caughtUpCelebration(granted: readonly CaughtUpTier[]): Celebration | null {
  const [only] = granted;
  if (!only) return null;
  return {
    title: granted.length === 1 ? only.title : i18n.t('achievementsUi.caughtUp', { count: granted.length }),
    added: {
      gold: granted.reduce((sum, g) => sum + g.gold, 0),
      diamonds: granted.reduce((sum, g) => sum + g.diamonds, 0),
      experience: 0,
    },
  };
}
