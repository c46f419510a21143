import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HashJob, HashReply } from './hash-messages';
import { HashPool, STALL_MS } from './pool';

/** A stand-in for the MD5 worker: answers each job at once, unless `answers` says it hangs. */
class FakeWorker {
  onmessage: ((event: MessageEvent<HashReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly received: HashJob[] = [];
  terminated = false;
  constructor(private readonly answers: (job: HashJob) => boolean) {}
  postMessage(job: HashJob): void {
    this.received.push(job);
    if (!this.answers(job)) return;
    queueMicrotask(() =>
      this.onmessage?.({
        data: {
          id: job.id,
          type: 'done',
          roms: [],
          bytes: job.file.size,
          staged: 'stage' in job && !!job.stage,
        },
      } as unknown as MessageEvent<HashReply>),
    );
  }
  terminate(): void {
    this.terminated = true;
  }
}

const job = (name: string): { kind: 'file'; file: Blob; extension: string; stage: string } => ({
  kind: 'file',
  file: new Blob([name]),
  extension: 'gba',
  stage: `imports/${name}`,
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the hash pool', () => {
  it('moves the jobs of a worker gone silent to a new one, without their copies', async () => {
    vi.useFakeTimers();
    const workers: FakeWorker[] = [];
    // The first worker never answers; the ones after it do.
    const pool = new HashPool(
      1,
      () => undefined,
      () => {
        const worker = new FakeWorker(() => workers.length > 1);
        workers.push(worker);
        return worker as unknown as Worker;
      },
    );
    const results = Promise.all(['a', 'b'].map((name) => pool.hash(job(name))));
    await vi.advanceTimersByTimeAsync(STALL_MS * 1.5);
    const done = await results;
    expect(workers[0]!.terminated).toBe(true);
    expect(workers[1]!.received.map((j) => 'stage' in j && j.stage)).toEqual([undefined, undefined]);
    expect(done.map((d) => d.staged)).toEqual([false, false]);
    // After a stall the rest of the import only hashes.
    expect(await pool.hash(job('c'))).toMatchObject({ staged: false });
    expect(workers[1]!.received.at(-1)).toMatchObject({ stage: undefined });
    pool.terminate();
  });

  it('fails only the file a second worker also stalls on; the rest still hash', async () => {
    vi.useFakeTimers();
    const hangs = (j: HashJob) => j.file.size === 3; // 'bad'
    const pool = new HashPool(
      1,
      () => undefined,
      () => new FakeWorker((j) => !hangs(j)) as unknown as Worker,
    );
    const bad = pool.hash(job('bad')).then(
      () => 'hashed',
      (err: Error) => err.message,
    );
    const good = pool.hash(job('good'));
    await vi.advanceTimersByTimeAsync(STALL_MS * 3);
    expect(await bad).toBe('The file could not be read');
    expect(await good).toMatchObject({ roms: [] });
    pool.terminate();
  });
});
