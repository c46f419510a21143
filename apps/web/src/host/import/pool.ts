import type { HashedRom, HashJob, HashReply } from './hash-messages';

/** Distributive Omit, so each job kind keeps its own fields. */
type JobInput = HashJob extends infer J ? (J extends HashJob ? Omit<J, 'id'> : never) : never;

interface Pending {
  job: HashJob;
  resolve(roms: HashedRom[]): void;
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
 * The import's pool of MD5 workers (`md5.worker.ts`). Jobs queue here and go to the least busy
 * worker; `terminate` ends every worker at once (a cancel stops within a chunk's time) and
 * rejects what was still waiting with an AbortError.
 */
export class HashPool {
  private readonly workers: { worker: Worker; jobs: Map<number, Pending> }[] = [];
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  private terminated = false;

  constructor(
    size: number,
    private readonly onBytes: (bytes: number) => void,
  ) {
    for (let i = 0; i < size; i += 1) {
      const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
      const slot = { worker, jobs: new Map<number, Pending>() };
      worker.onmessage = (event: MessageEvent<HashReply>) => this.receive(slot, event.data);
      worker.onerror = (event) => {
        event.preventDefault();
        this.fail(slot, new Error(event.message || 'MD5 worker failed'));
      };
      this.workers.push(slot);
    }
  }

  hash(input: JobInput): Promise<HashedRom[]> {
    if (this.terminated) return Promise.reject(abortError());
    return new Promise((resolve, reject) => {
      this.waiting.push({ job: { ...input, id: this.nextId++ } as HashJob, resolve, reject });
      this.dispatch();
    });
  }

  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
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
      slot.jobs.set(pending.job.id, pending);
      slot.worker.postMessage(pending.job);
    }
  }

  private receive(slot: (typeof this.workers)[number], reply: HashReply): void {
    if (reply.type === 'bytes') {
      this.onBytes(reply.bytes);
      return;
    }
    const pending = slot.jobs.get(reply.id);
    if (!pending) return;
    slot.jobs.delete(reply.id);
    if (reply.type === 'done') {
      this.onBytes(reply.bytes);
      pending.resolve(reply.roms);
    } else pending.reject(new Error(reply.message));
    this.dispatch();
  }

  private fail(slot: (typeof this.workers)[number], error: Error): void {
    for (const pending of slot.jobs.values()) pending.reject(error);
    slot.jobs.clear();
    this.dispatch();
  }
}

export const abortError = () => new DOMException('The import was cancelled', 'AbortError');
export const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';
