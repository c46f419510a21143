import { describe, expect, it } from 'vitest';
import { achievementProgress, toggleShown } from './achievement-view';

const tiers = [
  { tier: 1, threshold: 1, gold: 10, diamonds: 0, earned_at: null },
  { tier: 2, threshold: 10, gold: 50, diamonds: 1, earned_at: null },
  { tier: 3, threshold: 100, gold: 200, diamonds: 5, earned_at: null },
];

describe('achievementProgress', () => {
  it('measures the way to the next threshold', () => {
    expect(achievementProgress({ tier: 1, tiers, value: 4 })).toEqual({
      earned: 1,
      tiers: 3,
      next: { tier: 2, threshold: 10 },
      ratio: 0.4,
    });
    expect(achievementProgress({ tier: 0, tiers, value: 0 }).next).toEqual({ tier: 1, threshold: 1 });
  });

  it('is complete once every tier is earned', () => {
    expect(achievementProgress({ tier: 3, tiers, value: 140 })).toEqual({
      earned: 3,
      tiers: 3,
      next: null,
      ratio: 1,
    });
  });
});

describe('toggleShown', () => {
  it('adds earned achievements in the order chosen and takes them out again', () => {
    let chosen = toggleShown([], { id: 7, tier: 1 }, 3).chosen;
    chosen = toggleShown(chosen, { id: 2, tier: 2 }, 3).chosen;
    expect(chosen).toEqual([7, 2]);
    expect(toggleShown(chosen, { id: 7, tier: 1 }, 3).chosen).toEqual([2]);
  });

  it('refuses a fourth and one not earned yet', () => {
    expect(toggleShown([1, 2, 3], { id: 4, tier: 1 }, 3)).toEqual({ chosen: [1, 2, 3], refused: 'full' });
    expect(toggleShown([], { id: 5, tier: 0 }, 3)).toEqual({ chosen: [], refused: 'not-earned' });
  });
});
