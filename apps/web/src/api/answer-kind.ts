import { type ApiBase, expiredCodeFor, isNotEnoughGoldCode, MainCode } from '@pixelhall/contract';

/** What an envelope's code asks of the client: docs/product/limits-and-errors.md#how-the-app-treats-answers. */
export type AnswerKind = 'success' | 'expired' | 'gold' | 'fail';

/**
 * Expiry has a code per base (10001, 1001); "not enough gold" is 1003 in both code sets, so it
 * opens the "Not enough coins" dialog whichever base answered.
 */
export function answerKind(base: ApiBase, code: number): AnswerKind {
  if (code === MainCode.Success) return 'success';
  if (code === expiredCodeFor(base)) return 'expired';
  if (isNotEnoughGoldCode(code)) return 'gold';
  return 'fail';
}
