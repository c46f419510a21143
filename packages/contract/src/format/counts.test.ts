import { describe, expect, it } from 'vitest';
import { formatCount, groupThousands } from './counts';

describe('formatCount', () => {
  it('shows up to 999 as is', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(999)).toBe('999');
  });

  it('shows thousands with one decimal, cut rather than rounded up', () => {
    expect(formatCount(1000)).toBe('1.0k');
    expect(formatCount(1050)).toBe('1.0k');
    expect(formatCount(1099)).toBe('1.0k');
    expect(formatCount(1100)).toBe('1.1k');
    expect(formatCount(2950)).toBe('2.9k');
    expect(formatCount(12_345)).toBe('12.3k');
    expect(formatCount(999_999)).toBe('999.9k');
  });

  it('shows millions with one decimal, cut', () => {
    expect(formatCount(1_000_000)).toBe('1.0m');
    expect(formatCount(1_099_999)).toBe('1.0m');
    expect(formatCount(1_999_999)).toBe('1.9m');
    expect(formatCount(25_000_000)).toBe('25.0m');
  });

  it('handles fractions, negatives and non-finite values', () => {
    expect(formatCount(999.9)).toBe('999');
    expect(formatCount(-1500)).toBe('-1.5k');
    expect(formatCount(-2950)).toBe('-2.9k');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
  });
});

describe('groupThousands', () => {
  it('groups by three with commas', () => {
    expect(groupThousands(0)).toBe('0');
    expect(groupThousands(999)).toBe('999');
    expect(groupThousands(1000)).toBe('1,000');
    expect(groupThousands(999_999)).toBe('999,999');
    expect(groupThousands(1_234_567)).toBe('1,234,567');
  });

  it('keeps the sign and the fraction', () => {
    expect(groupThousands(-1_234_567)).toBe('-1,234,567');
    expect(groupThousands(-12)).toBe('-12');
    expect(groupThousands(1234.5678)).toBe('1,234.5678');
    expect(groupThousands(-0.5)).toBe('-0.5');
  });

  it('never prints exponent notation', () => {
    expect(groupThousands(1e21)).toBe('1,000,000,000,000,000,000,000');
    expect(groupThousands(1e-7)).toBe('0.0000001');
  });
});
