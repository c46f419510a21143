import { BET_SERVICE_CHARGE, betPayout, validateAmount } from '@pixelhall/contract';
import type { LocaleFormat } from '../../core/intl-format';

/** Decimal odds as the hundredths the payout is computed in (1.85 → 185). */
export function oddsToX100(odds: number): number {
  return Math.round(odds * 100);
}

/** "1.85" (pt-BR "1,85"), always two places. */
export function formatOdds(odds: number, format: Pick<LocaleFormat, 'fixed'>): string {
  return format.fixed(oddsToX100(odds) / 100, 2);
}

export type BetPreview =
  | { kind: 'empty' }
  | { kind: 'invalid'; error: 'validation.amount_invalid' | 'validation.amount_max' }
  | { kind: 'ok'; amount: number; gross: number; charge: number; prize: number };

/**
 * What a typed stake would win at these odds, before the member confirms: the gross win, the
 * 10 % service charge taken from it and the prize, exactly as the server settles it.
 */
export function betPreview(amountText: string, odds: number): BetPreview {
  const text = amountText.trim();
  if (!text) return { kind: 'empty' };
  const error = validateAmount(text);
  if (error)
    return { kind: 'invalid', error: error as 'validation.amount_invalid' | 'validation.amount_max' };
  const amount = Number(text);
  return { kind: 'ok', amount, ...betPayout(amount, oddsToX100(odds), BET_SERVICE_CHARGE) };
}
