import { describe, expect, it } from 'vitest';
import { topicPinLeft } from './pin-time';

const NOW = Date.UTC(2026, 10, 21, 12);
const MIN = 60_000;
const HOUR = 60 * MIN;

describe('topicPinLeft', () => {
  it('is nothing without a pin or once it ran out', () => {
    expect(topicPinLeft(null, NOW)).toBeNull();
    expect(topicPinLeft(NOW, NOW)).toBeNull();
    expect(topicPinLeft(NOW - 1, NOW)).toBeNull();
  });

  it('counts a fresh 24-hour pin down in whole hours, never rounding up', () => {
    expect(topicPinLeft(NOW + 24 * HOUR - 5_000, NOW)).toEqual({ unit: 'hours', count: 23 });
    expect(topicPinLeft(NOW + 24 * HOUR, NOW)).toEqual({ unit: 'hours', count: 24 });
    expect(topicPinLeft(NOW + HOUR, NOW)).toEqual({ unit: 'hours', count: 1 });
  });

  it('switches to minutes in the last hour, and the last seconds still show a minute', () => {
    expect(topicPinLeft(NOW + HOUR - 30_000, NOW)).toEqual({ unit: 'minutes', count: 59 });
    expect(topicPinLeft(NOW + 20_000, NOW)).toEqual({ unit: 'minutes', count: 1 });
  });

  it('uses days for pins of two days and more', () => {
    expect(topicPinLeft(NOW + 47 * HOUR, NOW)).toEqual({ unit: 'hours', count: 47 });
    expect(topicPinLeft(NOW + 72 * HOUR + MIN, NOW)).toEqual({ unit: 'days', count: 3 });
  });
});
