import { createHash, randomBytes } from 'node:crypto';
import { createMD5 } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import type { HashJob, HashReply } from './hash-messages';
import { type CopySink, type HashWorkerIo, hashWorker } from './hash-worker-core';
import type { Md5Hasher } from './rom-digest';

const md5 = (data: Uint8Array) => createHash('md5').update(data).digest('hex');

async function hashers(): Promise<readonly [Md5Hasher, Md5Hasher]> {
  const wrap = (h: Awaited<ReturnType<typeof createMD5>>): Md5Hasher => ({
    init: () => h.init(),
    update: (d) => h.update(d),
    digest: () => h.digest('hex'),
  });
  return [wrap(await createMD5()), wrap(await createMD5())] as const;
}

/** A copy target in memory that remembers whether it was closed. */
class MemoryCopy implements CopySink {
  bytes = new Uint8Array(0);
  closed = false;
  constructor(private readonly failAfter = Number.POSITIVE_INFINITY) {}
  write(chunk: Uint8Array, at: number): void {
    if (at + chunk.length > this.failAfter) throw new Error('QuotaExceededError');
    const next = new Uint8Array(Math.max(this.bytes.length, at + chunk.length));
    next.set(this.bytes);
    next.set(chunk, at);
    this.bytes = next;
  }
  close(): void {
    this.closed = true;
  }
}

/** A Blob whose reads fail, as a file deleted or locked since it was picked. */
class UnreadableBlob extends Blob {
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.reject(new Error('NotReadableError'));
  }
  override slice(): Blob {
    return this;
  }
}

/** Runs jobs through one worker queue and collects every reply, until each job has its answer. */
function worker(io: Partial<HashWorkerIo> = {}) {
  const replies: HashReply[] = [];
  const copies = new Map<string, MemoryCopy>();
  const waiting = new Map<number, () => void>();
  const accept = hashWorker({
    hashers: hashers(),
    chunkBytes: 1000,
    openCopy: async (path) => {
      const copy = new MemoryCopy();
      copies.set(path, copy);
      return copy;
    },
    ...io,
    reply: (message) => {
      replies.push(message);
      if (message.type !== 'bytes') waiting.get(message.id)?.();
    },
  });
  const run = (jobs: HashJob[]) =>
    Promise.all(
      jobs.map(
        (job) =>
          new Promise<void>((resolve) => {
            waiting.set(job.id, resolve);
            accept(job);
          }),
      ),
    );
  const answer = (id: number) => replies.find((r) => r.id === id && r.type !== 'bytes');
  return { run, replies, copies, answer };
}

const file = (id: number, data: Uint8Array, stage?: string): HashJob => ({
  id,
  kind: 'file',
  file: new Blob([data as BlobPart]),
  extension: 'gba',
  stage,
});

describe('the MD5 worker queue', () => {
  it('gives md5sum’s MD5 for files across slice boundaries, and copies them byte for byte', async () => {
    // Sizes around the 1000-byte slices: one short, exact, one over, several and a ragged end.
    const files = [0, 1, 999, 1000, 1001, 4096, 10_007].map((size) => randomBytes(size));
    const w = worker();
    await w.run(files.map((data, i) => file(i + 1, data, `imports/t-${i}`)));
    files.forEach((data, i) => {
      const answer = w.answer(i + 1);
      expect(answer).toMatchObject({
        type: 'done',
        staged: true,
        roms: [{ md5: md5(data), size: data.length }],
      });
      const copy = w.copies.get(`imports/t-${i}`)!;
      expect(copy.closed).toBe(true);
      expect(md5(copy.bytes)).toBe(md5(data));
    });
    // Progress adds up to every byte: per slice, the last one's in the answer.
    const reported = w.replies.reduce((sum, r) => sum + (r.type === 'error' ? 0 : r.bytes), 0);
    expect(reported).toBe(files.reduce((sum, d) => sum + d.length, 0));
  });

  it('answers a file it cannot read with an error, closes its copy, and hashes the rest', async () => {
    const good = randomBytes(2500);
    const w = worker();
    await w.run([
      file(1, good, 'imports/a'),
      {
        id: 2,
        kind: 'file',
        file: new UnreadableBlob([good as BlobPart]),
        extension: 'gba',
        stage: 'imports/b',
      },
      file(3, good, 'imports/c'),
    ]);
    expect(w.answer(1)).toMatchObject({ type: 'done', roms: [{ md5: md5(good) }] });
    expect(w.answer(2)).toMatchObject({ type: 'error', message: 'NotReadableError' });
    expect(w.answer(3)).toMatchObject({ type: 'done', roms: [{ md5: md5(good) }] });
    expect(w.copies.get('imports/b')!.closed).toBe(true);
  });

  it('still hashes a file whose copy cannot start or fails halfway, and says it was not copied', async () => {
    const data = randomBytes(3000);
    const failing = new MemoryCopy(1500);
    const w = worker({
      openCopy: async (path) => {
        if (path === 'imports/locked') throw new Error('NoModificationAllowedError');
        return failing;
      },
    });
    await w.run([file(1, data, 'imports/locked'), file(2, data, 'imports/full'), file(3, data)]);
    for (const id of [1, 2, 3]) {
      expect(w.answer(id)).toMatchObject({ type: 'done', staged: false, roms: [{ md5: md5(data) }] });
    }
    expect(failing.closed).toBe(true);
  });
});
