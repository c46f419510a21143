import type { ImportProgress } from '@pixelhall/contract/host';

/** The speed is the average over this much recent time, so a slow file doesn't swing it. */
const WINDOW_MS = 3000;
/** Before this much hashing the speed says too little to promise a time left. */
const ETA_AFTER_MS = 1000;

/**
 * What an import has done, for the `importProgress` push: files and bytes against their totals,
 * the speed over the last few seconds and the time left at that speed.
 */
export class ImportMeter {
  phase: ImportProgress['phase'] = 'scanning';
  files = 0;
  totalFiles = 0;
  bytes = 0;
  totalBytes = 0;
  current: string | null = null;
  private startedAt: number | null = null;
  private samples: { at: number; bytes: number }[] = [];

  constructor(private readonly now: () => number = () => performance.now()) {}

  /**
   * The hashing starts: the clock for the speed starts here, not at the scan. `done`: the files
   * the last scan already hashed (unchanged since), done from the start and not part of the speed.
   */
  startHashing(totalFiles: number, totalBytes: number, done = { files: 0, bytes: 0 }): void {
    this.phase = 'hashing';
    this.totalFiles = totalFiles;
    this.totalBytes = totalBytes;
    this.files = done.files;
    this.bytes = done.bytes;
    this.startedAt = this.now();
    this.samples = [{ at: this.startedAt, bytes: this.bytes }];
  }

  addBytes(bytes: number): void {
    this.bytes += bytes;
    const at = this.now();
    this.samples.push({ at, bytes: this.bytes });
    while (this.samples.length > 2 && at - this.samples[1]!.at >= WINDOW_MS) this.samples.shift();
  }

  bytesPerSecond(): number {
    if (this.phase !== 'hashing' || this.samples.length < 2) return 0;
    const first = this.samples[0]!;
    const last = this.samples[this.samples.length - 1]!;
    const span = this.now() - first.at;
    return span > 0 ? Math.round(((last.bytes - first.bytes) * 1000) / span) : 0;
  }

  secondsLeft(): number | null {
    if (this.phase !== 'hashing' || this.startedAt === null) return null;
    if (this.now() - this.startedAt < ETA_AFTER_MS) return null;
    const speed = this.bytesPerSecond();
    if (speed <= 0) return null;
    return Math.ceil(Math.max(0, this.totalBytes - this.bytes) / speed);
  }

  snapshot(): ImportProgress {
    return {
      phase: this.phase,
      files: this.files,
      // While scanning the total is what was found so far.
      totalFiles: this.phase === 'scanning' ? this.files : this.totalFiles,
      bytes: this.bytes,
      totalBytes: this.phase === 'scanning' ? this.bytes : this.totalBytes,
      bytesPerSecond: this.bytesPerSecond(),
      secondsLeft: this.secondsLeft(),
      current: this.current,
    };
  }
}

/**
 * Sends at most one push per `intervalMs` (the last state wins), and at once when asked: a
 * phase change should not wait.
 */
export function throttled(send: () => void, intervalMs = 250) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    last = Date.now();
    send();
  };
  return {
    soon(): void {
      if (timer) return;
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    now(): void {
      if (timer) clearTimeout(timer);
      fire();
    },
    stop(): void {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
