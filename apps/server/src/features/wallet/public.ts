/**
 * What other features use of the wallet: the ledger (the only code that moves gold and diamonds),
 * paying a reward through it, and reading balances.
 */
export {
  claimOperation,
  InsufficientBalance,
  type LedgerReason,
  type Leg,
  type Operation,
  postLegs,
  reverseOperation,
  runOnce,
} from './ledger';
export { walletRepo } from './repo';
export { balancesOf, NO_REWARD, paidReward, payReward } from './rewards';
