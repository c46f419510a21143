import { describe, expect, it } from 'vitest';
import { isPullGesture, PULL_THRESHOLD_PX, pullDistance, pullStatus } from './pull-to-refresh';

describe('pull to refresh', () => {
  it('lets the head follow the finger less and less, never past its reach', () => {
    expect(pullDistance(0)).toBe(0);
    expect(pullDistance(-30)).toBe(0);
    const short = pullDistance(50);
    const long = pullDistance(400);
    expect(short).toBeGreaterThan(0);
    expect(short).toBeLessThan(50);
    expect(long - pullDistance(300)).toBeLessThan(pullDistance(100) - short);
    expect(pullDistance(100_000)).toBeLessThan(200);
  });

  it('asks to let go only once the head is past the threshold', () => {
    expect(pullStatus(PULL_THRESHOLD_PX - 1)).toBe('pulling');
    expect(pullStatus(PULL_THRESHOLD_PX)).toBe('canRelease');
    // A short flick does not refresh; a long deliberate pull does.
    expect(pullStatus(pullDistance(100))).toBe('pulling');
    expect(pullStatus(pullDistance(250))).toBe('canRelease');
  });

  it('tells a pull down from a scroll up and a sideways swipe', () => {
    expect(isPullGesture(1, 2)).toBeNull();
    expect(isPullGesture(2, 20)).toBe(true);
    expect(isPullGesture(0, -20)).toBe(false);
    expect(isPullGesture(30, 10)).toBe(false);
  });
});
