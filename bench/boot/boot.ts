/**
 * Game boot time in the browser: from tapping Play (the app's `startGame` host call) to the first
 * frame the emulator draws, for a generated NES homebrew, in Debian's Chromium against the real
 * server with the built app (apps/web/dist, or E2E_WEB_DIST). Each run is a fresh browser context
 * (empty HTTP cache: EmulatorJS, the core and the ROM's bytes all load), and then the same game
 * again in that page (warm: scripts and core cached). The baseline, measured in the same runs,
 * is loading the app shell itself (navigation to the first screen drawn). Prints medians and the
 * ratios to the baseline. Not part of npm test.
 *   npm run bench:boot          (BENCH_RUNS=5 by default)
 */
import { downloadSeededGame } from '../../e2e/support/games-play';
import { startServer } from '../../e2e/support/server';
import { launchChromium, median, PHONE } from '../browser';
import { leave, timeBoot } from './time-boot';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GAME = process.env.BENCH_GAME ?? 'Tile Garden';

const server = await startServer();
const browser = await launchChromium();
const shell: number[] = [];
const cold: number[] = [];
const warm: number[] = [];
// Whether the offline app's service worker had registered (its precache under way or done) when
// the cold Play came: the app holds it back while a game, a download or an import runs.
let precacheFirst = 0;
try {
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext(PHONE);
    // tsx (esbuild, keepNames) wraps named functions in `__name(...)`, also inside functions sent
    // to the page with evaluate: give the page that helper.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    const loading = Date.now();
    await page.goto(`${server.url}/#/game`);
    await page.locator('[data-screen]').first().waitFor({ state: 'visible' });
    shell.push(Date.now() - loading);
    const game = await downloadSeededGame(page, server.url, GAME);
    if (await page.evaluate(() => navigator.serviceWorker.getRegistration().then(Boolean)))
      precacheFirst += 1;
    cold.push(await timeBoot(page, game));
    await leave(page);
    warm.push(await timeBoot(page, game));
    await leave(page);
    await context.close();
    process.stdout.write(
      `run ${run + 1}/${RUNS}: shell ${shell.at(-1)} ms, boot cold ${cold.at(-1)?.toFixed(0)} ms, warm ${warm.at(-1)?.toFixed(0)} ms\n`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}

const base = median(shell);
const rows = [
  ['app shell load (baseline)', base],
  ['Play → first frame, cold', median(cold)],
  ['Play → first frame, warm', median(warm)],
] as const;
console.info(
  `\n${GAME}, ${RUNS} runs, medians (service worker registered before the cold Play in ${precacheFirst}):`,
);
for (const [name, ms] of rows) {
  console.info(`  ${name.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms   ${(ms / base).toFixed(2)}× baseline`);
}
