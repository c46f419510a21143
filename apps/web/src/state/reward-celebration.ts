import type { Added } from '@pixelhall/contract';
import { create } from 'zustand';
import { useSession } from './session';

export interface Celebration {
  /** What earned it, already translated ("Daily check-in", a task's title …). */
  title: string;
  added: Added;
}

interface Shown extends Celebration {
  /** Tells two equal rewards in a row apart, so each gets its own overlay. */
  id: number;
}

interface CelebrationState {
  /** The one on screen; later ones wait so that two quick claims both get their moment. */
  current: Shown | null;
  queue: Shown[];
  dismiss(): void;
}

export const useRewardCelebration = create<CelebrationState>()((set) => ({
  current: null,
  queue: [],
  dismiss: () => set((s) => ({ current: s.queue[0] ?? null, queue: s.queue.slice(1) })),
}));

let lastId = 0;

/** True when the reward added anything worth a celebration. */
export function hasReward(added: Added): boolean {
  return added.gold > 0 || added.diamonds > 0 || added.experience > 0;
}

/**
 * Shows the reward overlay for what a claim added and keeps the added gold in the session
 * (docs/product/economy.md#rewards-on-screen). A claim that added nothing (a repeat answered with zeros) is not celebrated.
 */
export function celebrate(celebration: Celebration): void {
  if (!hasReward(celebration.added)) return;
  useSession.getState().setAddedGold(celebration.added.gold);
  const shown = { ...celebration, id: ++lastId };
  useRewardCelebration.setState((s) => (s.current ? { queue: [...s.queue, shown] } : { current: shown }));
}
