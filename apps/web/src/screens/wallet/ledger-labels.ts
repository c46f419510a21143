import type { LedgerEntry } from '@pixelhall/contract';
import type { LocaleFormat } from '../../core/intl-format';

/** The i18n key of a ledger reason's label ("Task reward", "Post unlocked" …). */
export function ledgerReasonKey(reason: LedgerEntry['reason']): `walletUi.reasons.${LedgerEntry['reason']}` {
  return `walletUi.reasons.${reason}`;
}

/** A credit or a debit, and the amount as shown: "+1,200" or "−30" (a real minus sign). */
export function signedAmount(
  amount: number,
  format: Pick<LocaleFormat, 'integer'>,
): { sign: 'credit' | 'debit'; text: string } {
  return amount < 0
    ? { sign: 'debit', text: `\u2212${format.integer(-amount)}` }
    : { sign: 'credit', text: `+${format.integer(amount)}` };
}
