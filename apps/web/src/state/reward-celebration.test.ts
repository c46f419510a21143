import { beforeEach, describe, expect, it } from 'vitest';
import { celebrate, useRewardCelebration } from './reward-celebration';
import { useSession } from './session';

const added = (gold: number, diamonds = 0, experience = 0) => ({ gold, diamonds, experience });

describe('celebrate', () => {
  beforeEach(() => {
    useRewardCelebration.setState({ current: null, queue: [] });
    useSession.getState().clear();
  });

  it('shows the reward and keeps the added gold in the session', () => {
    celebrate({ title: 'Daily check-in', added: added(6) });
    expect(useRewardCelebration.getState().current).toMatchObject({
      title: 'Daily check-in',
      added: added(6),
    });
    expect(useSession.getState().addedGold).toBe(6);
  });

  it('queues a second reward behind the first, each with its own overlay', () => {
    celebrate({ title: 'Like 5 posts', added: added(20) });
    celebrate({ title: 'Like 5 posts', added: added(20) });
    const first = useRewardCelebration.getState().current;
    useRewardCelebration.getState().dismiss();
    const second = useRewardCelebration.getState().current;
    expect(second?.title).toBe('Like 5 posts');
    expect(second?.id).not.toBe(first?.id);
    useRewardCelebration.getState().dismiss();
    expect(useRewardCelebration.getState().current).toBeNull();
  });

  it('does not celebrate a reward that added nothing', () => {
    celebrate({ title: 'Nothing', added: added(0) });
    expect(useRewardCelebration.getState().current).toBeNull();
    expect(useSession.getState().addedGold).toBe(0);
  });

  it('forgets the added gold on sign-out', () => {
    celebrate({ title: 'Level 2 reward', added: added(30, 1) });
    useSession.getState().clear();
    expect(useSession.getState().addedGold).toBe(0);
  });
});
