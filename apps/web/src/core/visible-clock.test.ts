import { ONLINE_BEAT_MAX_SECONDS } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { beatSeconds, VisibleClock } from './visible-clock';

describe('VisibleClock', () => {
  it('counts only the time the page was visible', () => {
    const clock = new VisibleClock(0, true);
    clock.hide(20_000);
    clock.show(50_000);
    expect(clock.take(60_000)).toBe(30);
  });

  it('reports nothing for a minute spent hidden', () => {
    const clock = new VisibleClock(0, false);
    expect(clock.take(60_000)).toBe(0);
    clock.show(60_000);
    clock.show(70_000); // a second "visible" does not restart the count
    expect(clock.take(120_000)).toBe(60);
  });

  it('keeps the fraction of a second for the next beat', () => {
    const clock = new VisibleClock(0, true);
    expect(clock.take(1500)).toBe(1);
    expect(clock.take(3000)).toBe(2);
  });
});

describe('beatSeconds', () => {
  it('caps a beat at what the server accepts', () => {
    expect(beatSeconds(60)).toBe(60);
    expect(beatSeconds(600)).toBe(ONLINE_BEAT_MAX_SECONDS);
  });
});
