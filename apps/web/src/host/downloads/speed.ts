/**
 * A smoothed bytes-per-second figure: bytes are counted over short windows and each window's
 * rate moves the average by an amount that depends on the window's length, so a burst of
 * small chunks and a few big ones give the same number.
 */
export class SpeedMeter {
  private pending = 0;
  private since: number;
  private value = 0;

  constructor(
    now: number,
    private readonly tauMs = 2000,
    private readonly windowMs = 250,
  ) {
    this.since = now;
  }

  /** Counts bytes that arrived at `now`; call with 0 to let a stalled download slow down. */
  add(bytes: number, now: number): void {
    this.pending += bytes;
    const dt = now - this.since;
    if (dt < this.windowMs) return;
    const instant = (this.pending * 1000) / dt;
    // The first window sets the figure; later ones blend in, older ones fading with tauMs.
    const alpha = this.value === 0 ? 1 : 1 - Math.exp(-dt / this.tauMs);
    this.value += alpha * (instant - this.value);
    this.pending = 0;
    this.since = now;
  }

  get bytesPerSecond(): number {
    return Math.round(this.value);
  }
}

/** Lets a push through at most once per interval; state changes bypass it. */
export class PushThrottle {
  private last = Number.NEGATIVE_INFINITY;

  constructor(private readonly intervalMs = 250) {}

  ready(now: number): boolean {
    if (now - this.last < this.intervalMs) return false;
    this.last = now;
    return true;
  }
}
