import type { SecondStep } from '@pixelhall/contract';

type Challenge = SecondStep['second_step'];

/*
 * A log-in that answered "second step needed" hands its ticket to /auth/secondstep through this
 * tab's session storage, not the address: the ticket then stays out of the history and of any
 * link copied from the address bar, and a reload of the second-step page still finds it.
 */
const KEY = 'pixelhall.second-step';
/** The server's ticket lives 10 minutes; the page gives up on it a little before. */
const LIFETIME_MS = 9.5 * 60_000;

interface Held extends Challenge {
  expiresAt: number;
}

export function holdSecondStep(challenge: Challenge, now = Date.now()): void {
  const held: Held = { ...challenge, expiresAt: now + LIFETIME_MS };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(held));
  } catch {
    // Storage refused (private mode, full): the page then says to sign in again.
  }
}

/** The ticket waiting for its second step, or null when there is none or it ran out. */
export function heldSecondStep(now = Date.now()): Challenge | null {
  try {
    const held = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Held | null;
    if (!held || typeof held.ticket !== 'string' || !Array.isArray(held.methods)) return null;
    if (held.expiresAt <= now) return null;
    return { ticket: held.ticket, methods: held.methods };
  } catch {
    return null;
  }
}

export function dropSecondStep(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing held, or nothing to hold it in.
  }
}

/** The second-step page, going on to `to` once signed in. */
export function secondStepPath(to: string): string {
  return `/auth/secondstep?redirect=${encodeURIComponent(to)}`;
}
