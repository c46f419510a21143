import { describe, expect, it } from 'vitest';
import { exchangeAll, exchangePreview } from './exchange';

describe('exchangePreview', () => {
  it('shows the gold the diamonds give at the rate', () => {
    expect(exchangePreview('12', 10, 50)).toEqual({ diamonds: 12, gold: 120, problem: null });
    expect(exchangePreview(' 7 ', 25, 7)).toEqual({ diamonds: 7, gold: 175, problem: null });
  });

  it('asks nothing of an empty field', () => {
    expect(exchangePreview('', 10, 50)).toEqual({ diamonds: null, gold: null, problem: null });
  });

  it('refuses what is not a whole number of at least 1, with the validation messages', () => {
    for (const text of ['0', '1.5', '-3', '1e3', '1,000', 'ten']) {
      expect(exchangePreview(text, 10, 5000).problem).toBe('validation.amount_invalid');
    }
    expect(exchangePreview('1000000', 10, 2_000_000).problem).toBe('validation.amount_max');
    expect(exchangePreview('999999', 10, 2_000_000).problem).toBeNull();
  });

  it('says "Insufficient diamond balance" over the balance but still shows the gold', () => {
    expect(exchangePreview('51', 10, 50)).toEqual({
      diamonds: 51,
      gold: 510,
      problem: 'errors.insufficient_diamonds',
    });
  });
});

describe('exchangeAll', () => {
  it('takes the whole balance up to the amount limit', () => {
    expect(exchangeAll(42)).toBe(42);
    expect(exchangeAll(5_000_000)).toBe(999_999);
    expect(exchangeAll(0)).toBe(0);
  });
});
