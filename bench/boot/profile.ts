/**
 * Where a game's boot goes: one cold and one warm start of the bench's game (as `boot.ts`), with
 * EmulatorJS's start steps timed in the page and a CPU profile of each start, summed by function
 * (self time). For finding what to cut; `boot.ts` is the figure.
 *   cd bench && npx tsx boot/profile.ts
 */
import type { CDPSession, Page } from 'playwright-core';
import { downloadSeededGame, type PlayableGame } from '../../e2e/support/games-play';
import { startServer } from '../../e2e/support/server';
import { launchChromium, PHONE } from '../browser';
import { leave, timeBoot } from './time-boot';

const GAME = process.env.BENCH_GAME ?? 'Tile Garden';
const TOP = Number(process.env.PROFILE_TOP ?? 25);

// EmulatorJS's start, step by step: each method's start and end (or its promise's) on the page's
// clock, recorded the moment its script defines `window.EmulatorJS`.
const STEPS = `(() => {
  const marks = (window.__bootMarks = []);
  const mark = (name) => marks.push([name, performance.now()]);
  const wrap = (proto, name) => {
    const inner = proto[name];
    if (typeof inner !== 'function') return;
    proto[name] = function (...args) {
      mark(name + ' >');
      window.__ejs = this;
      const out = inner.apply(this, args);
      if (out && typeof out.then === 'function') out.then(() => mark(name + ' <'), () => mark(name + ' failed'));
      else mark(name + ' <');
      return out;
    };
  };
  let ejs;
  Object.defineProperty(window, 'EmulatorJS', {
    configurable: true,
    get: () => ejs,
    set(value) {
      ejs = value;
      for (const name of ['bindListeners', 'createContextMenu', 'createBottomMenuBar', 'createControlSettingMenu',
        'createCheatsMenu', 'createNetplayMenu', 'setVirtualGamepad', 'createStartButton', 'downloadGameCore',
        'checkCompression', 'initGameCore', 'initModule', 'downloadFiles', 'downloadRom', 'startGame',
        'setupSettingsMenu', 'loadSettings', 'setupDisksMenu', 'handleResize', 'setVolume'])
        wrap(value.prototype, name);
    },
  });
  const NativeAudio = window.AudioContext;
  window.AudioContext = class extends NativeAudio {
    constructor(...args) {
      mark('new AudioContext >');
      super(...args);
      mark('new AudioContext <');
    }
  };
  let gm;
  Object.defineProperty(window, 'EJS_GameManager', {
    configurable: true,
    get: () => gm,
    set(value) {
      gm = value;
      for (const name of ['loadExternalFiles', 'mountFileSystems']) wrap(value.prototype, name);
    },
  });
})();`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Self time by function over a CPU profile, the biggest first. */
function selfTimes(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const file = node.callFrame.url.split('/').pop() ?? '';
    const key = `${node.callFrame.functionName || '(anonymous)'} ${file}:${node.callFrame.lineNumber + 1}`;
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

async function profiled(cdp: CDPSession, page: Page, game: PlayableGame, label: string) {
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const ms = await timeBoot(page, game);
  const { profile } = await cdp.send('Profiler.stop');
  const marks = await page.evaluate(
    () => (window as unknown as { __bootMarks?: [string, number][] }).__bootMarks ?? [],
  );
  const t0 = marks[0]?.[1] ?? 0;
  console.info(`\n${label}: Play → first frame ${ms.toFixed(0)} ms`);
  for (const [name, at] of marks) console.info(`  ${(at - t0).toFixed(0).padStart(6)} ms  ${name}`);
  const audio = await page.evaluate(() => {
    const w = window as unknown as {
      __ejs?: { Module?: { AL?: { currentCtx?: { audioCtx: AudioContext; sources: unknown } } } };
      __lastAudio?: AudioContext;
    };
    const ctx = w.__ejs?.Module?.AL?.currentCtx;
    if (!ctx) return 'no OpenAL context';
    const same = w.__lastAudio === ctx.audioCtx;
    w.__lastAudio = ctx.audioCtx;
    return `AudioContext ${ctx.audioCtx.state}, ${Object.keys(ctx.sources as object).length} sources, same as before: ${same}`;
  });
  console.info(`  ${audio}`);
  console.info('  self time by function:');
  for (const [name, t] of selfTimes(profile).slice(0, TOP))
    console.info(`  ${t.toFixed(0).padStart(6)} ms  ${name}`);
}

const server = await startServer();
const browser = await launchChromium();
try {
  const context = await browser.newContext(PHONE);
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  await context.addInitScript(STEPS);
  const page = await context.newPage();
  await page.goto(`${server.url}/#/game`);
  await page.locator('[data-screen]').first().waitFor({ state: 'visible' });
  const game = await downloadSeededGame(page, server.url, GAME);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await profiled(cdp, page, game, 'cold');
  await leave(page);
  await profiled(cdp, page, game, 'warm');
  await leave(page);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
