/**
 * A looping carousel of `count` banners laid out as [last, 1 … count, first]: a copy at each end,
 * so that swiping past either end shows the next banner, and the track then jumps, unseen, to the
 * real one. Positions count slides along that track; with a single banner there are no copies.
 */
export function trackLength(count: number): number {
  return count > 1 ? count + 2 : count;
}

/** The banner (0-based) shown at a track position. */
export function bannerAt(position: number, count: number): number {
  if (count <= 1) return 0;
  return (((position - 1) % count) + count) % count;
}

/** The track position of a banner. */
export function positionOf(banner: number, count: number): number {
  return count > 1 ? banner + 1 : 0;
}

/** Where the track jumps once it rests on a copy: its real banner. Null when it is on a real one. */
export function loopJump(position: number, count: number): number | null {
  if (count <= 1) return null;
  if (position <= 0) return count;
  if (position >= count + 1) return 1;
  return null;
}
