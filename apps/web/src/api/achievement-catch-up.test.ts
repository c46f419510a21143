import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { caughtUpCelebration } from './achievement-catch-up';

const tier = (tierNo: number, gold: number, diamonds: number) => ({
  achievement_id: 1,
  tier: tierNo,
  title: `Writer, tier ${tierNo}`,
  gold,
  diamonds,
});

describe('caughtUpCelebration', () => {
  it('has nothing to show when the listing credited nothing', () => {
    expect(caughtUpCelebration([])).toBeNull();
  });

  it('names a single tier', () => {
    expect(caughtUpCelebration([tier(1, 10, 0)])).toEqual({
      title: 'Writer, tier 1',
      added: { gold: 10, diamonds: 0, experience: 0 },
    });
  });

  it('counts several tiers and adds up what they paid', () => {
    expect(caughtUpCelebration([tier(1, 10, 0), tier(2, 50, 1)])).toEqual({
      title: i18n.t('achievementsUi.caughtUp', { count: 2 }),
      added: { gold: 60, diamonds: 1, experience: 0 },
    });
  });
});
