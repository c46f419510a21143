import type { HashedRom, HashJob, HashReply } from './hash-messages';

/** Distributive Omit, so each job kind keeps its own fields. */
type JobInput = HashJob extends infer J ? (J extends HashJob ? Omit<J, 'id'> : never) : never;

/** A job's ROMs, and whether the file was copied to the job's `stage` path while hashed. */
export interface HashResult {
  roms: HashedRom[];
  staged: boolean;
}

interface Pending {
  job: HashJob;
  /** Moved to a new worker after its first one went silent. */
  moved?: boolean;
  resolve(result: HashResult): void;
  reject(err: Error): void;
}

/**
 * What a worker holds at once: enough small files that it never waits for the page between
 * them, but never many big ones (each reads a slice ahead).
 */
const QUEUE_MIN_JOBS = 2;
const QUEUE_MAX_JOBS = 16;
const QUEUE_BYTES = 16 * 1024 * 1024;

/** Workers: one per core the browser reports, at least two (reading and hashing overlap). */
export function poolSize(cores = globalThis.navigator?.hardwareConcurrency): number {
  return Math.max(2, Math.min(cores || 2, 8));
}

/**
 * A worker with jobs that has said nothing for this long has stopped (it answers every slice,
 * and a slice takes well under a second even on a busy machine): it is replaced and its jobs go
 * to the new one, without their copies (the page copies those after the hashing).
 */
export const STALL_MS = 8_000;

interface Slot {
  worker: Worker;
  jobs: Map<number, Pending>;
  heardAt: number;
}

/**
 * The import's pool of MD5 workers (`md5.worker.ts`). Jobs queue here and go to the least busy
 * worker; `terminate` ends every worker at once (a cancel stops within a chunk's time) and
 * rejects what was still waiting with an AbortError.
 */
export class HashPool {
  private readonly workers: Slot[] = [];
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  private terminated = false;
  private readonly watchdog: ReturnType<typeof setInterval>;
  /**
   * Whether jobs still copy while they hash. Workers copying into the origin-private file system
   * went silent now and then in Chromium with a profile on disk (cause not found; hashing alone
   * never did), so after the first stall the rest of the import only hashes.
   */
  private copying = true;

  constructor(
    size: number,
    private readonly onBytes: (bytes: number) => void,
    private readonly createWorker = () =>
      new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' }),
  ) {
    for (let i = 0; i < size; i += 1) {
      const slot: Slot = { worker: this.createWorker(), jobs: new Map(), heardAt: Date.now() };
      this.listen(slot);
      this.workers.push(slot);
    }
    this.watchdog = setInterval(() => this.checkStalls(), STALL_MS / 4);
  }

  private listen(slot: Slot): void {
    const { worker } = slot;
    worker.onmessage = (event: MessageEvent<HashReply>) => {
      if (slot.worker === worker) this.receive(slot, event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (slot.worker === worker) this.fail(slot, new Error(event.message || 'MD5 worker failed'));
    };
  }

  /**
   * A worker gone silent (a read or a copy that never settles in the browser, or the worker
   * lost) would hold up the import for good: its jobs move to a new worker, copies dropped, and
   * the job it was on fails if it had been moved once already, so one bad file stops only itself.
   */
  private checkStalls(): void {
    const now = Date.now();
    for (const slot of this.workers) {
      if (slot.jobs.size === 0 || now - slot.heardAt < STALL_MS) continue;
      console.warn(`MD5 worker silent for ${now - slot.heardAt} ms with ${slot.jobs.size} jobs: replaced`);
      this.copying = false;
      slot.worker.terminate();
      slot.worker = this.createWorker();
      slot.heardAt = now;
      this.listen(slot);
      const jobs = [...slot.jobs.values()];
      slot.jobs.clear();
      const [current] = jobs;
      if (current?.moved) {
        jobs.shift();
        current.reject(new Error('The file could not be read'));
      }
      for (const pending of jobs) {
        pending.moved = true;
        pending.job = withoutCopy(pending.job);
        slot.jobs.set(pending.job.id, pending);
        slot.worker.postMessage(pending.job);
      }
      this.dispatch();
    }
  }

  hash(input: JobInput): Promise<HashResult> {
    if (this.terminated) return Promise.reject(abortError());
    return new Promise((resolve, reject) => {
      this.waiting.push({ job: { ...input, id: this.nextId++ } as HashJob, resolve, reject });
      this.dispatch();
    });
  }

  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    clearInterval(this.watchdog);
    const error = abortError();
    for (const slot of this.workers) {
      slot.worker.terminate();
      for (const pending of slot.jobs.values()) pending.reject(error);
      slot.jobs.clear();
    }
    for (const pending of this.waiting.splice(0)) pending.reject(error);
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const slot = this.workers.reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
      const queued = [...slot.jobs.values()].reduce((sum, p) => sum + p.job.file.size, 0);
      const full =
        slot.jobs.size >= QUEUE_MAX_JOBS || (slot.jobs.size >= QUEUE_MIN_JOBS && queued >= QUEUE_BYTES);
      if (full) return;
      const pending = this.waiting.shift()!;
      if (slot.jobs.size === 0) slot.heardAt = Date.now();
      if (!this.copying) pending.job = withoutCopy(pending.job);
      slot.jobs.set(pending.job.id, pending);
      slot.worker.postMessage(pending.job);
    }
  }

  private receive(slot: Slot, reply: HashReply): void {
    slot.heardAt = Date.now();
    if (reply.type === 'bytes') {
      this.onBytes(reply.bytes);
      return;
    }
    const pending = slot.jobs.get(reply.id);
    if (!pending) return;
    slot.jobs.delete(reply.id);
    if (reply.type === 'done') {
      this.onBytes(reply.bytes);
      pending.resolve({ roms: reply.roms, staged: reply.staged });
    } else pending.reject(new Error(reply.message));
    this.dispatch();
  }

  private fail(slot: Slot, error: Error): void {
    for (const pending of slot.jobs.values()) pending.reject(error);
    slot.jobs.clear();
    this.dispatch();
  }
}

const withoutCopy = (job: HashJob): HashJob => (job.kind === 'file' ? { ...job, stage: undefined } : job);

export const abortError = () => new DOMException('The import was cancelled', 'AbortError');
export const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';
