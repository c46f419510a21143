import { ONLINE_BEAT_MAX_SECONDS } from '@pixelhall/contract';

/** How often the app tells the server it was in front of the member. */
export const ONLINE_BEAT_MS = 60_000;

/**
 * Counts the time a page was visible. `take` answers the whole seconds since the last take
 * and keeps the fraction for the next one, so no second is counted twice or lost.
 */
export class VisibleClock {
  private ms = 0;
  private since: number | null;

  constructor(now: number, visible: boolean) {
    this.since = visible ? now : null;
  }

  show(now: number): void {
    if (this.since === null) this.since = now;
  }

  hide(now: number): void {
    if (this.since === null) return;
    this.ms += Math.max(0, now - this.since);
    this.since = null;
  }

  take(now: number): number {
    if (this.since !== null) {
      this.ms += Math.max(0, now - this.since);
      this.since = now;
    }
    const seconds = Math.floor(this.ms / 1000);
    this.ms -= seconds * 1000;
    return seconds;
  }
}

/** The seconds one beat reports: what was visible, at most what the server takes per beat. */
export function beatSeconds(visibleSeconds: number): number {
  return Math.min(visibleSeconds, ONLINE_BEAT_MAX_SECONDS);
}
