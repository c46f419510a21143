import { AppError } from '../../http/app-error';
import type { AttemptWindows } from './attempts';

/*
 * Password guessing is stopped without handing anyone a lockout of somebody else's account:
 * - an address that fails too often is refused, whichever accounts it tries;
 * - an (account, address) pair that fails too often is refused, and only that pair;
 * - an account failing from many addresses is slowed, never refused: past a few failures every
 *   answer on it waits, doubling up to a cap, so a spread-out guesser gets few tries an hour while
 *   the member with the right password from a clean address still gets in;
 * - except from an address the account has logged in from lately: the slowdown is for strangers,
 *   so failing log-ins for somebody else cannot make their own device wait. A guesser sharing that
 *   address is still held by the two refusals above.
 * Unknown names are counted under what was typed, so they wait and answer like real accounts.
 */
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
export const LOGIN_LIMITS = {
  /** Failed log-ins from one address, whichever accounts they try. */
  failuresPerAddress: { max: 20, windowMs: 15 * MINUTE },
  /** Failed log-ins on one account from one address. */
  failuresPerAccountAndAddress: { max: 10, windowMs: 15 * MINUTE },
  /** Failed log-ins on one account from anywhere: after `free`, answers wait `firstDelayMs`, doubling to `maxDelayMs`. */
  accountSlowdown: { free: 5, firstDelayMs: 250, maxDelayMs: 4000, windowMs: 15 * MINUTE },
  /** How long a successful log-in spares its (account, address) pair the account's slowdown. */
  knownAddress: { windowMs: 30 * DAY },
} as const;

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a log-in on an account with `failures` recent failures waits before it is checked. */
export function accountDelayMs(failures: number): number {
  const { free, firstDelayMs, maxDelayMs } = LOGIN_LIMITS.accountSlowdown;
  if (failures < free) return 0;
  return Math.min(maxDelayMs, firstDelayMs * 2 ** (failures - free));
}

export function loginGuard({
  sleep,
  windows,
}: {
  sleep: Sleep;
  /** Where the counts live: Redis when the cluster has one, so every server refuses alike. */
  windows: AttemptWindows;
}) {
  const { failuresPerAddress, failuresPerAccountAndAddress, accountSlowdown, knownAddress } = LOGIN_LIMITS;
  const perAddress = windows('login-ip', failuresPerAddress);
  const perPair = windows('login-account-ip', failuresPerAccountAndAddress);
  const knownPairs = windows('login-known-ip', { max: 1, windowMs: knownAddress.windowMs });
  // Enough history for the delay to reach its cap.
  const capAt = accountSlowdown.free + Math.log2(accountSlowdown.maxDelayMs / accountSlowdown.firstDelayMs);
  const perAccount = windows('login-account', { max: capAt + 1, windowMs: accountSlowdown.windowMs });
  const pair = (account: string, address: string) => `${account}\n${address}`;

  return {
    /**
     * Before the password is checked: refuses a spent address or pair (429), slows a targeted
     * account unless the address is known to it. The counts are read at once (one round trip to
     * Redis).
     */
    async admit(account: string, address: string): Promise<void> {
      const [addressWait, pairWait, failures, known] = await Promise.all([
        perAddress.retryAfter(address),
        perPair.retryAfter(pair(account, address)),
        perAccount.count(account),
        knownPairs.count(pair(account, address)),
      ]);
      const wait = Math.max(addressWait, pairWait);
      if (wait > 0) throw new AppError('errors.too_many_requests', { seconds: wait }, 0, 429);
      const delay = known > 0 ? 0 : accountDelayMs(failures);
      if (delay > 0) await sleep(delay);
    },

    /** The right password from `address`: the account knows that address for a while. */
    async succeeded(account: string, address: string): Promise<void> {
      await knownPairs.hit(pair(account, address));
    },

    async failed(account: string, address: string): Promise<void> {
      await Promise.all([
        perAddress.hit(address),
        perPair.hit(pair(account, address)),
        perAccount.hit(account),
      ]);
    },
  };
}
export type LoginGuard = ReturnType<typeof loginGuard>;
