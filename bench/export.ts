/**
 * Memory and time of building a member's export ("Download my data"), at two sizes of the
 * member's data, against a baseline: reading the same stored files once, streamed, into a hash
 * (the least any export of them must do). Each measurement runs in a child process of its own on
 * a fresh SQLite file and upload folder, and samples the process's resident memory every 5 ms;
 * what is printed is the peak above where it stood when the measured phase began, and the most
 * the phase kept alive (read after forced collections, in runs of their own), the median of
 * BENCH_ROUNDS (3) runs each. The aim: the export's peaks do not grow with the export's size, and
 * stay near the baseline's. Not part of npm test: it asserts nothing.
 *   npm run bench:export
 *   BENCH_SMALL="200 8" BENCH_LARGE="5000 160" npm run bench:export   (posts, MiB of files)
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '@pixelhall/server/src/db/database';
import { migrateToLatest } from '@pixelhall/server/src/db/migrate';
import { writeAccountExport } from '@pixelhall/server/src/features/account-export/zip';
import { createFileStore } from '@pixelhall/server/src/features/uploads/storage';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FILE_MB = 4;

type Mode = 'export' | 'baseline';
interface Measured {
  mode: Mode;
  posts: number;
  fileBytes: number;
  peakDeltaMb: number;
  /**
   * What the phase keeps alive at most: the heap in use and the buffers outside it, read after a
   * full collection every 100 ms (in a run of its own, as the collections slow it down), so
   * garbage that merely waits for a collection is not counted.
   */
  heldDeltaMb: number;
  ms: number;
  zipBytes: number;
}

const sizes = (value: string | undefined, fallback: [number, number]): [number, number] => {
  const parts = value?.split(/\s+/).map(Number);
  return parts && parts.length === 2 && parts.every((n) => Number.isFinite(n) && n > 0)
    ? [parts[0]!, parts[1]!]
    : fallback;
};

/** The member's world in `dir`: a SQLite file and an upload folder, made once per size. */
async function makeWorld(dir: string, posts: number, megabytes: number): Promise<number> {
  const database = openDatabase(`file:${path.join(dir, 'bench.db')}`);
  await migrateToLatest(database);
  const { db } = database;
  const store = createFileStore(path.join(dir, 'uploads'));
  const now = Date.UTC(2026, 10, 21);
  const user = await db
    .insertInto('users')
    .values({ username: 'bencher', nickname: 'Bencher', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userId = Number(user.id);
  const category = await db
    .insertInto('categories')
    .values({ name: 'Bench', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const topic = await db
    .insertInto('topics')
    .values({ category_id: Number(category.id), name: 'Bench', created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const postIds: number[] = [];
  for (let i = 0; i < posts; i += 500) {
    const rows = Array.from({ length: Math.min(500, posts - i) }, (_, j) => ({
      user_id: userId,
      topic_id: Number(topic.id),
      text: `Post ${i + j}: ${'a walkthrough of the hidden level in world eight. '.repeat(6)}`,
      created_at: now + i + j,
      updated_at: now + i + j,
    }));
    const ids = await db.insertInto('posts').values(rows).returning('id').execute();
    postIds.push(...ids.map((r) => Number(r.id)));
  }
  // Files of FILE_MB each, written a MiB at a time, taken into the store, attached to posts; half
  // of them pictures (stored as they are in the zip), half other files (deflated).
  const count = Math.ceil(megabytes / FILE_MB);
  for (let i = 0; i < count; i++) {
    const source = path.join(dir, `source-${i}`);
    const out = createWriteStream(source);
    for (let mb = 0; mb < FILE_MB; mb++) {
      if (!out.write(randomBytes(1024 * 1024))) await once(out, 'drain');
    }
    await new Promise<void>((r) => out.end(() => r()));
    const { sha256, size } = await store.putFile(source);
    const mime = i % 2 ? 'image/webp' : 'application/octet-stream';
    await db
      .insertInto('uploads')
      .values({ sha256, mime, bytes: size, width: null, height: null, owner_id: userId, created_at: now })
      .execute();
    await db
      .insertInto('upload_owners')
      .values({ user_id: userId, sha256, bytes: size, created_at: now })
      .execute();
    await db
      .insertInto('post_files')
      .values({
        post_id: postIds[i % postIds.length]!,
        position: Math.floor(i / postIds.length),
        sha256,
        name: `file-${i}.${i % 2 ? 'webp' : 'bin'}`,
        mime,
        bytes: size,
        access_key: randomBytes(8).toString('hex'),
      })
      .execute();
  }
  await database.close();
  return count * FILE_MB * 1024 * 1024;
}

/**
 * One measurement, in a process of its own that only opens the world: its resident memory when
 * the phase begins is the process's own, so the peak above it is what the phase needed.
 */
async function child(mode: Mode, dir: string, live: boolean): Promise<Omit<Measured, 'posts' | 'fileBytes'>> {
  const database = openDatabase(`file:${path.join(dir, 'bench.db')}`);
  const { db } = database;
  const store = createFileStore(path.join(dir, 'uploads'));
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'bencher')
    .executeTakeFirstOrThrow();
  const files = await db.selectFrom('post_files').select('sha256').orderBy('id').execute();

  globalThis.gc?.();
  const held = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const before = process.memoryUsage.rss();
  const heldBefore = held();
  let peak = before;
  let heldPeak = heldBefore;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const sampler = setInterval(sample, 5);
  const collector = live
    ? setInterval(() => {
        globalThis.gc?.();
        heldPeak = Math.max(heldPeak, held());
      }, 100)
    : undefined;
  const started = performance.now();
  let zipBytes = 0;
  if (mode === 'export') {
    const zip = path.join(dir, 'export.zip');
    await writeAccountExport(
      { db, store },
      { userId: Number(user.id), username: 'bencher', locale: 'en-US', now: Date.now() },
      createWriteStream(zip),
    );
    zipBytes = statSync(zip).size;
    rmSync(zip);
  } else {
    for (const { sha256 } of files) await pipeline(await store.read(sha256), createHash('sha256'));
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  clearInterval(collector);
  sample();
  await database.close();
  const MiB = 1024 * 1024;
  return {
    mode,
    peakDeltaMb: (peak - before) / MiB,
    heldDeltaMb: (heldPeak - heldBefore) / MiB,
    ms,
    zipBytes,
  };
}

function run(mode: Mode, dir: string, live = false): Promise<Omit<Measured, 'posts' | 'fileBytes'>> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      [
        '--expose-gc',
        // A small young generation: the collector runs often enough that the peak shows what the
        // phase holds, not how much garbage waited for a collection (the baseline alike).
        '--max-semi-space-size=1',
        '--import',
        'tsx',
        path.join(HERE, 'export.ts'),
        '--child',
        mode,
        dir,
        live ? 'live' : 'timed',
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    proc.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the ${mode} run exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!));
    });
  });
}

const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS) || 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(0);

if (process.argv[2] === '--child') {
  const [, , , mode, dir, how] = process.argv;
  writeFileSync(1, `${JSON.stringify(await child(mode as Mode, dir!, how === 'live'))}\n`);
} else {
  const cases = [sizes(process.env.BENCH_SMALL, [200, 8]), sizes(process.env.BENCH_LARGE, [5000, 160])];
  const results: Array<{ baseline: Measured; exported: Measured }> = [];
  for (const [posts, megabytes] of cases) {
    const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-bench-export-'));
    try {
      const fileBytes = await makeWorld(dir, posts, megabytes);
      // The median of ROUNDS runs of each: one run's peaks swing with when the collector ran.
      const measure = async (mode: Mode): Promise<Measured> => {
        const timed: Array<Omit<Measured, 'posts' | 'fileBytes'>> = [];
        const live: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          timed.push(await run(mode, dir));
          live.push((await run(mode, dir, true)).heldDeltaMb);
        }
        return {
          posts,
          fileBytes,
          mode,
          peakDeltaMb: median(timed.map((t) => t.peakDeltaMb)),
          ms: median(timed.map((t) => t.ms)),
          zipBytes: timed[0]!.zipBytes,
          heldDeltaMb: median(live),
        };
      };
      const baseline = await measure('baseline');
      const exported = await measure('export');
      results.push({ baseline, exported });
      console.info(
        `${posts} posts, ${mb(fileBytes)} MiB of files (load ${loadavg()[0]!.toFixed(1)}): ` +
          `baseline (read every file once): RSS peak +${baseline.peakDeltaMb.toFixed(1)} MiB, live +${baseline.heldDeltaMb.toFixed(1)} MiB, ${baseline.ms.toFixed(0)} ms; ` +
          `export: RSS peak +${exported.peakDeltaMb.toFixed(1)} MiB, live +${exported.heldDeltaMb.toFixed(1)} MiB, ${exported.ms.toFixed(0)} ms, zip ${mb(exported.zipBytes)} MiB`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const [small, large] = results;
  const above = (r: (typeof results)[number], key: 'peakDeltaMb' | 'heldDeltaMb') =>
    (r.exported[key] - r.baseline[key]).toFixed(1);
  console.info(
    `from ${small!.exported.posts} posts and ${mb(small!.exported.fileBytes)} MiB to ${large!.exported.posts} posts and ` +
      `${mb(large!.exported.fileBytes)} MiB, the export's peaks above reading its files once: RSS ` +
      `${above(small!, 'peakDeltaMb')} → ${above(large!, 'peakDeltaMb')} MiB, live ${above(small!, 'heldDeltaMb')} → ` +
      `${above(large!, 'heldDeltaMb')} MiB (aim: they do not grow with the export; near 0, the export needs about ` +
      'what streaming its files does)',
  );
}
