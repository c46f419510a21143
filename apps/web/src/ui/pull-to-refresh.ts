/** The head's height while refreshing: the spinner's room. */
export const PULL_HEAD_PX = 40;
/** How far the head must come down for letting go to refresh. */
export const PULL_THRESHOLD_PX = 60;
/** The head's reach as the finger goes on: it never comes down further than this. */
const PULL_REACH_PX = PULL_HEAD_PX * 5;
const PULL_RESISTANCE = 0.5;

export type PullStatus = 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/**
 * How far the head comes down for a finger `dragged` pixels down: it follows less and less,
 * like a rubber band, approaching PULL_REACH_PX.
 */
export function pullDistance(dragged: number): number {
  if (dragged <= 0) return 0;
  return (dragged * PULL_REACH_PX * PULL_RESISTANCE) / (PULL_REACH_PX + PULL_RESISTANCE * dragged);
}

/** What the head says while the finger holds it `distance` down. */
export function pullStatus(distance: number): 'pulling' | 'canRelease' {
  return distance >= PULL_THRESHOLD_PX ? 'canRelease' : 'pulling';
}

/**
 * Whether a touch that has moved (dx, dy) from where it started is a pull down rather than a
 * scroll up or a sideways swipe (a banner's): null while it is too short to tell.
 */
export function isPullGesture(dx: number, dy: number): boolean | null {
  if (Math.abs(dx) < 4 && Math.abs(dy) < 4) return null;
  return dy > 0 && dy > Math.abs(dx);
}
