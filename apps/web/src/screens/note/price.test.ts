import { PAID_PRICE_MAX } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { paidPrice, validatePaidPrice } from './price';

describe('validatePaidPrice', () => {
  it('takes an empty field or 0 as a free post', () => {
    expect(validatePaidPrice('')).toBeNull();
    expect(validatePaidPrice('  ')).toBeNull();
    expect(validatePaidPrice(undefined)).toBeNull();
    expect(validatePaidPrice('0')).toBeNull();
    expect(paidPrice('')).toBe(0);
  });

  it('takes whole gold up to the limit', () => {
    expect(validatePaidPrice(String(PAID_PRICE_MAX))).toBeNull();
    expect(paidPrice(` ${PAID_PRICE_MAX} `)).toBe(PAID_PRICE_MAX);
    expect(validatePaidPrice(String(PAID_PRICE_MAX + 1))).toBe('validation.amount_max');
    expect(validatePaidPrice('9'.repeat(400))).toBe('validation.amount_max');
  });

  it('refuses what is not plain digits rather than guessing', () => {
    for (const text of ['-5', '1.5', '1e3', '1,000', 'ten'])
      expect(validatePaidPrice(text)).toBe('note.priceWhole');
  });
});
