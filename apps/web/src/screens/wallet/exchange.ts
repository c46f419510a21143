import { BET_AMOUNT_MAX, type MessageKey, validateAmount } from '@pixelhall/contract';

/** What the exchange form shows under the field as the member types. */
export interface ExchangePreview {
  /** The diamonds to exchange, once the field holds a valid amount. */
  diamonds: number | null;
  /** The gold they give at the current rate. */
  gold: number | null;
  /** Why it cannot go ahead: the amount's validation messages, or "Insufficient diamond balance". */
  problem: MessageKey | null;
}

/**
 * The exchange as typed: an empty field is no problem yet; anything else must be a whole number
 * from 1 to 999,999 (the contract's amount rule, the same words the server answers) and at most
 * the diamonds the member holds. The gold shows even when the balance is short, so the member
 * sees what the amount would have been worth.
 */
export function exchangePreview(input: string, goldPerDiamond: number, balance: number): ExchangePreview {
  const text = input.trim();
  if (!text) return { diamonds: null, gold: null, problem: null };
  const invalid = validateAmount(text);
  if (invalid) return { diamonds: null, gold: null, problem: invalid };
  const diamonds = Number(text);
  return {
    diamonds,
    gold: diamonds * goldPerDiamond,
    problem: diamonds > balance ? 'errors.insufficient_diamonds' : null,
  };
}

/** "All": every diamond the member holds, within the amount limit. */
export function exchangeAll(balance: number): number {
  return Math.max(0, Math.min(balance, BET_AMOUNT_MAX));
}
