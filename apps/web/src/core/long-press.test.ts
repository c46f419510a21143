import { LONG_PRESS_MS } from '@pixelhall/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LONG_PRESS_SLOP_PX, LongPressTracker } from './long-press';

describe('LongPressTracker', () => {
  let fired: ReturnType<typeof vi.fn<() => void>>;
  let tracker: LongPressTracker;
  beforeEach(() => {
    vi.useFakeTimers();
    fired = vi.fn<() => void>();
    tracker = new LongPressTracker(fired);
  });
  afterEach(() => vi.useRealTimers());

  it('fires once after 500 ms held still, and swallows the click of that release', () => {
    expect(LONG_PRESS_MS).toBe(500);
    tracker.down(100, 100);
    vi.advanceTimersByTime(499);
    expect(fired).not.toHaveBeenCalled();
    tracker.move(104, 103);
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
    expect(tracker.fired).toBe(true);
    vi.advanceTimersByTime(2000);
    expect(fired).toHaveBeenCalledTimes(1);
    tracker.up(10_000);
    expect(tracker.takeClick(10_010)).toBe(true);
    // Only that one click.
    expect(tracker.takeClick(10_020)).toBe(false);
  });

  it('is an ordinary tap when released early: its click goes through', () => {
    tracker.down(0, 0);
    vi.advanceTimersByTime(300);
    tracker.up(1000);
    vi.advanceTimersByTime(1000);
    expect(fired).not.toHaveBeenCalled();
    expect(tracker.takeClick(1010)).toBe(false);
  });

  it('cancels when the finger moves past the slop (a scroll or a drag)', () => {
    tracker.down(0, 0);
    vi.advanceTimersByTime(200);
    tracker.move(0, LONG_PRESS_SLOP_PX + 1);
    expect(tracker.pressing).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(fired).not.toHaveBeenCalled();
  });

  it('cancels on a scroll', () => {
    tracker.down(0, 0);
    tracker.cancel();
    vi.advanceTimersByTime(1000);
    expect(fired).not.toHaveBeenCalled();
  });

  it('never swallows a later click, such as one from the keyboard', () => {
    tracker.down(0, 0);
    vi.advanceTimersByTime(LONG_PRESS_MS);
    tracker.up(5000);
    expect(tracker.takeClick(6000)).toBe(false);
  });

  it('takes a custom hold time', () => {
    const slow = new LongPressTracker(fired, 1500);
    slow.down(0, 0);
    vi.advanceTimersByTime(1499);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
  });
});
