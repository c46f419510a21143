/**
 * ROM import hashing: the web host's MD5 worker pool in Chromium against the machine's
 * `md5sum`, over the same generated folder of ROM files (1,000 × 1 MiB by default) in the same
 * run. The browser side is the app itself: the built web app served by the real server, its
 * `importGames` call through the directory file input (the files stay on disk, as a member's
 * would), timed from the `hashing` progress push to the `matching` one. The two alternate for a
 * few rounds and the best of each counts (the machines here are shared and noisy). Every MD5
 * the browser remembered is checked against md5sum's. Not part of npm test.
 *   npm run bench:import        (BENCH_FILES=1000 BENCH_FILE_MB=1 BENCH_ROUNDS=3)
 */
import { spawnSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromiumProfile } from '../browser';
import { startAppServer } from './server';

const FILES = Number(process.env.BENCH_FILES ?? 1000);
const FILE_BYTES = Math.round(Number(process.env.BENCH_FILE_MB ?? 1) * 1024 * 1024);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WEB_DIST =
  process.env.BENCH_WEB_DIST ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');
/** Two workers against one md5sum process. */
const AIM = 1.0;

/** The page's global with the app's host bridge (apps/web/src/host/index.ts). */
type HostGlobal = {
  pixelhallHost: {
    call<T>(call: string, payload?: unknown): Promise<T>;
    on<T>(event: string, listener: (data: T) => void): () => void;
  };
  marks: { at: number; phase: string }[];
  navigator: { hardwareConcurrency: number };
};

const mib = (bytes: number) => bytes / 1024 / 1024;
const seconds = (since: number) => (performance.now() - since) / 1000;

/** The folder: `.gba` files (the GBA emulator's extension) of random bytes, so none matches. */
function generate(dir: string): string[] {
  const files: string[] = [];
  const buffer = Buffer.alloc(FILE_BYTES);
  for (let i = 0; i < FILES; i += 1) {
    const sub = `set-${String(Math.floor(i / 100)).padStart(2, '0')}`;
    if (i % 100 === 0) mkdirSync(path.join(dir, sub), { recursive: true });
    randomFillSync(buffer);
    const file = `${sub}/rom-${String(i).padStart(4, '0')}.gba`;
    writeFileSync(path.join(dir, file), buffer);
    files.push(file);
  }
  return files;
}

function md5sum(dir: string, files: string[]): { seconds: number; sums: Map<string, string> } {
  const start = performance.now();
  const run = spawnSync('md5sum', files, { cwd: dir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const took = seconds(start);
  if (run.status !== 0) throw new Error(`md5sum failed: ${run.stderr}`);
  const sums = new Map<string, string>();
  for (const line of run.stdout.trim().split('\n')) {
    const [sum, file] = line.split(/\s+\*?/, 2) as [string, string];
    sums.set(file, sum);
  }
  return { seconds: took, sums };
}

async function openApp(context: BrowserContext, url: string): Promise<Page> {
  // The directory file input path: the files are read from disk where they are.
  await context.addInitScript(() => {
    delete (globalThis as { showDirectoryPicker?: unknown }).showDirectoryPicker;
  });
  const page = await context.newPage();
  if (process.env.BENCH_DEBUG) page.on('console', (m) => console.info(`[page ${m.type()}] ${m.text()}`));
  await page.goto(`${url}/#/game`);
  await page.waitForFunction(() => 'pixelhallHost' in globalThis);
  await page.evaluate(() => {
    const g = globalThis as unknown as HostGlobal;
    g.marks = [];
    g.pixelhallHost.on<{ phase: string }>('importProgress', (p) => {
      if (g.marks.at(-1)?.phase !== p.phase) g.marks.push({ at: performance.now(), phase: p.phase });
    });
  });
  return page;
}

/**
 * One import of the folder as a member starts it. The first one also copies every file into
 * the origin-private file system (a directory input keeps no handle); later ones find them all
 * imported already, so they only hash and match.
 */
async function importOnce(page: Page, dir: string) {
  await page.evaluate(() => {
    (globalThis as unknown as HostGlobal).marks = [];
  });
  const chooser = page.waitForEvent('filechooser');
  const started = performance.now();
  const call = page.evaluate(() =>
    (globalThis as unknown as HostGlobal).pixelhallHost.call<{ found: number }>('importGames', {
      action: 'pick',
    }),
  );
  await (await chooser).setFiles(dir);
  const result = await call;
  const total = seconds(started);
  const marks = await page.evaluate(() => (globalThis as unknown as HostGlobal).marks);
  const at = (phase: string) => marks.find((m) => m.phase === phase)?.at;
  const [from, to] = [at('hashing'), at('matching')];
  if (from === undefined || to === undefined || result.found !== FILES) {
    throw new Error(`import found ${result.found} of ${FILES}; phases ${JSON.stringify(marks)}`);
  }
  // Where a first import's time goes: each phase from its first push to the next one's.
  const phases = marks
    .slice(0, -1)
    .map((m, i) => `${m.phase} ${((marks[i + 1]!.at - m.at) / 1000).toFixed(1)} s`)
    .join(', ');
  return { hashing: (to - from) / 1000, total, phases };
}

if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
  throw new Error(`No built web app at ${WEB_DIST}: run \`npm run build\` (or set BENCH_WEB_DIST).`);
}
const tmp = mkdtempSync(path.join(tmpdir(), 'pixelhall-bench-roms-'));
const root = path.join(tmp, 'roms');
try {
  let t = performance.now();
  const files = generate(root);
  const totalMib = mib(FILES * FILE_BYTES);
  console.info(`generated ${FILES} files, ${totalMib.toFixed(0)} MiB, in ${seconds(t).toFixed(1)} s`);
  t = performance.now();
  const server = await startAppServer(WEB_DIST);
  // A profile on disk, as a member's: the first import writes a gigabyte into the origin-private
  // file system, which an off-the-record context keeps in memory.
  const browser = await launchChromiumProfile(path.join(tmp, 'profile'));
  console.info(`server and browser up in ${seconds(t).toFixed(1)} s`);
  try {
    const page = await openApp(browser, server.url);
    const cores = await page.evaluate(
      () => (globalThis as unknown as HostGlobal).navigator.hardwareConcurrency,
    );
    md5sum(root, files.slice(0, 20)); // the tool itself, warm; the files are in the page cache
    const native: number[] = [];
    const web: number[] = [];
    let firstImport = 0;
    let sums = new Map<string, string>();
    for (let round = 1; round <= ROUNDS; round += 1) {
      const n = md5sum(root, files);
      sums = n.sums;
      native.push(n.seconds);
      const w = await importOnce(page, root);
      web.push(w.hashing);
      if (round === 1) {
        firstImport = w.total;
        console.info(`first import: ${w.total.toFixed(1)} s, ${w.phases}`);
      }
      // The machine's load says how far to trust the round: the browser's reads cross processes
      // and threads, each hop waiting for a core, so other work slows it more than md5sum.
      console.info(
        `round ${round}: md5sum ${(totalMib / n.seconds).toFixed(0)} MiB/s, web host ${(totalMib / w.hashing).toFixed(0)} MiB/s (×${(n.seconds / w.hashing).toFixed(2)}), load average ${loadavg()[0]!.toFixed(1)}`,
      );
    }

    // The browser's hashes are md5sum's, file for file.
    const local = await page.evaluate(() =>
      (globalThis as unknown as HostGlobal).pixelhallHost.call<{ list: { path: string; romMd5: string }[] }>(
        'getLocalGames',
        {},
      ),
    );
    const wrong = local.list.filter((g) => sums.get(g.path) !== g.romMd5);
    if (local.list.length !== FILES || wrong.length > 0) {
      throw new Error(`browser hashes: ${local.list.length} remembered, ${wrong.length} differ from md5sum`);
    }

    const nativeRate = totalMib / Math.min(...native);
    const webRate = totalMib / Math.min(...web);
    const ratio = webRate / nativeRate;
    console.info(
      `\nROM import hashing, ${FILES} files × ${mib(FILE_BYTES).toFixed(1)} MiB, best of ${ROUNDS} (all ${FILES} MD5s equal md5sum's)`,
    );
    console.info(`md5sum (1 process)            ${nativeRate.toFixed(0).padStart(6)} MiB/s`);
    console.info(
      `web host pool (${cores} cores)       ${webRate.toFixed(0).padStart(6)} MiB/s  ×${ratio.toFixed(2)} of md5sum (aim ≥ ${AIM}: ${ratio >= AIM ? 'met' : 'NOT met'})`,
    );
    console.info(
      `first import, pick → done      ${firstImport.toFixed(1)} s (hashing, matching, and copying into the origin-private file system)`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
