import { PAID_PRICE_MAX } from '@pixelhall/contract';

/**
 * The paid-to-view price as typed: empty or 0 is a free post, otherwise whole gold up to
 * PAID_PRICE_MAX ("Upper limit 999,999"). Like the bet amount, only plain digits are taken; the
 * contract's amount message says "at least 1", which a price of 0 is not bound by.
 */
export function validatePaidPrice(
  value: string | null | undefined,
): 'note.priceWhole' | 'validation.amount_max' | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  if (!/^\d+$/.test(text)) return 'note.priceWhole';
  return Number(text) > PAID_PRICE_MAX ? 'validation.amount_max' : null;
}

/** The price create/posts takes; call after `validatePaidPrice` passed. */
export function paidPrice(value: string | null | undefined): number {
  const text = (value ?? '').trim();
  return text ? Number(text) : 0;
}
