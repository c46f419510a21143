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
import type { Page } from 'playwright-core';
import { downloadSeededGame, type HostWindow, type PlayableGame } from '../../e2e/support/games-play';
import { startServer } from '../../e2e/support/server';
import { launchChromium, median, PHONE } from '../browser';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GAME = process.env.BENCH_GAME ?? 'Tile Garden';

/** Calls startGame in the page and times, on the page's own clock, until a frame is drawn. */
function timeBoot(page: Page, game: PlayableGame): Promise<number> {
  return page.evaluate(
    (request) =>
      new Promise<number>((resolve, reject) => {
        const copy = document.createElement('canvas');
        copy.width = 64;
        copy.height = 64;
        const ctx = copy.getContext('2d', { willReadFrequently: true });
        // Reading a WebGL canvas back makes SwiftShader finish and copy its frame, which slowed
        // the boot it was timing: the picture is read only once the core has drawn something.
        let drawn = false;
        for (const gl of [WebGLRenderingContext, WebGL2RenderingContext]) {
          for (const name of ['drawArrays', 'drawElements'] as const) {
            const draw = gl.prototype[name] as (...args: unknown[]) => void;
            gl.prototype[name] = function (this: unknown, ...args: unknown[]) {
              drawn = true;
              gl.prototype[name] = draw as never;
              return draw.apply(this, args);
            } as never;
          }
        }
        const started = performance.now();
        (window as unknown as HostWindow).pixelhallHost.call('startGame', request).catch(reject);
        const check = () => {
          const canvas = document.querySelector<HTMLCanvasElement>('.ph-player canvas.ejs_canvas');
          if (ctx && drawn && canvas?.width) {
            ctx.drawImage(canvas, 0, 0, 64, 64);
            const px = ctx.getImageData(0, 0, 64, 64).data;
            for (let i = 4; i < px.length; i += 4) {
              if (px[i] !== px[0] || px[i + 1] !== px[1] || px[i + 2] !== px[2]) {
                return resolve(performance.now() - started);
              }
            }
          }
          if (performance.now() - started > 60_000) return reject(new Error('no frame within 60 s'));
          setTimeout(nextFrame, 0);
        };
        // A WebGL canvas is readable only in the frame it is drawn, after the emulator drew it:
        // asking for the next frame from a task (not from inside a frame callback) queues this
        // check behind the emulator's own frame callback.
        const nextFrame = () => requestAnimationFrame(check);
        nextFrame();
      }),
    game,
  );
}

/** Leaves the game the way the member does (Back), so the next start begins from the app. */
async function leave(page: Page): Promise<void> {
  await page.locator('.ph-player').getByRole('button', { name: 'Back', exact: true }).click();
  await page.locator('.ph-player').waitFor({ state: 'detached' });
}

const server = await startServer();
const browser = await launchChromium();
const shell: number[] = [];
const cold: number[] = [];
const warm: number[] = [];
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
console.info(`\n${GAME}, ${RUNS} runs, medians:`);
for (const [name, ms] of rows) {
  console.info(`  ${name.padEnd(28)} ${ms.toFixed(0).padStart(6)} ms   ${(ms / base).toFixed(2)}× baseline`);
}
