import { lazy, Suspense } from 'react';
import { useRewardCelebration } from '../../state/reward-celebration';

/** Loaded with the first reward, not with the first screen. */
const CelebrationOverlay = lazy(() => import('./CelebrationOverlay'));

/**
 * The celebratory overlay after a claim or the daily check-in: coins fly out of the reward
 * and its amount counts up. Mounted once in the app frame; tap anywhere to close.
 */
export function RewardCelebration() {
  const current = useRewardCelebration((s) => s.current);
  const dismiss = useRewardCelebration((s) => s.dismiss);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <CelebrationOverlay key={current.id} celebration={current} onClose={dismiss} />
    </Suspense>
  );
}
