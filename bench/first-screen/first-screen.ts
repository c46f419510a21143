/**
 * The first screen a phone shows: `#/home` of the built app served by the real server (seeded
 * SQLite), in Debian's Chromium at 390×844 under DevTools' "Slow 4G" network and 4× CPU
 * throttling. It counts what is downloaded before the first post shows (bytes on the wire,
 * JavaScript bytes, requests) and times it, cold (empty profile) and on a repeat visit (same
 * profile, so the service worker and the HTTP cache answer). The baseline, measured in the same
 * runs under the same throttling, is a bare page: one HTML file with a line of text, from a bare
 * `node:http` server. Not part of npm test.
 *   npm run bench:first-screen        (BENCH_RUNS=5 by default)
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { startServer } from '../../e2e/support/server';
import { launchChromium, median, PHONE } from '../browser';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const AIM_JS_KB = 150;
/** DevTools' "Slow 4G" preset: 1.6 Mbit/s down and 750 kbit/s up at 90 %, 150 ms × 3.75 latency. */
const SLOW_4G = {
  offline: false,
  downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8,
  uploadThroughput: (750 * 1000 * 0.9) / 8,
  latency: 150 * 3.75,
};
const CPU_SLOWDOWN = 4;

interface Transfer {
  url: string;
  type: string;
  startedAt: number;
  /** Wall-clock time the request was seen, to compare with when the first post showed. */
  askedAt: number;
  bytes: number;
  /** What the status line and headers took of `bytes` (the rest is the body). */
  headerBytes: number;
  fromServiceWorker: boolean;
  encoding: string;
}

interface Visit {
  ms: number;
  bytes: number;
  jsBytes: number;
  jsFiles: number;
  requests: number;
  /** When the first API call left, relative to the first script request (negative: before it). */
  apiLeadMs: number | null;
  /** The last script that finished before the first API call left (null: none). */
  scriptsBeforeApi: number;
  uncompressed: string[];
  /** The scripts downloaded, largest first, as `path bytes`. */
  scripts: string[];
}

/** The issue's line: every static file or API answer over 1 KB goes compressed. */
const UNCOMPRESSED_LIMIT = 1024;

/** Starts watching the page's network through the DevTools protocol, throttled like a phone. */
async function watch(page: Page): Promise<{ cdp: CDPSession; transfers: Map<string, Transfer> }> {
  const cdp = await page.context().newCDPSession(page);
  const transfers = new Map<string, Transfer>();
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  cdp.on('Network.requestWillBeSent', (e) => {
    transfers.set(e.requestId, {
      url: e.request.url,
      type: e.type ?? 'Other',
      startedAt: e.timestamp * 1000,
      askedAt: Date.now(),
      bytes: 0,
      headerBytes: 0,
      fromServiceWorker: false,
      encoding: '',
    });
  });
  cdp.on('Network.responseReceived', (e) => {
    const t = transfers.get(e.requestId);
    if (!t) return;
    t.type = e.type;
    t.fromServiceWorker = Boolean(e.response.fromServiceWorker);
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    t.encoding = headers['content-encoding'] ?? '';
    t.headerBytes = e.response.encodedDataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const t = transfers.get(e.requestId);
    if (t) t.bytes = e.encodedDataLength;
  });
  return { cdp, transfers };
}

async function visit(page: Page, url: string, selector: string): Promise<Visit> {
  const { cdp, transfers } = await watch(page);
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(selector).first().waitFor({ state: 'visible', timeout: 120_000 });
  const ms = Date.now() - started;
  const done = [...transfers.values()];
  await cdp.detach();
  const scripts = done.filter((t) => t.type === 'Script');
  const firstScript = Math.min(...scripts.map((t) => t.startedAt));
  const firstApi = done
    .filter((t) => /\/(api|game-api)\//.test(t.url))
    .sort((a, b) => a.startedAt - b.startedAt)[0];
  return {
    ms,
    bytes: done.reduce((n, t) => n + t.bytes, 0),
    jsBytes: scripts.reduce((n, t) => n + t.bytes, 0),
    jsFiles: scripts.filter((t) => t.bytes > 0).length,
    requests: done.length,
    apiLeadMs: firstApi && scripts.length ? firstApi.startedAt - firstScript : null,
    scriptsBeforeApi: firstApi ? scripts.filter((t) => t.startedAt < firstApi.startedAt).length : 0,
    uncompressed: done
      .filter(
        (t) =>
          t.bytes - t.headerBytes > UNCOMPRESSED_LIMIT &&
          !t.encoding &&
          !t.fromServiceWorker &&
          !/\.(webp|png|jpe?g|gif)/.test(t.url),
      )
      .map((t) => t.url.replace(/^https?:\/\/[^/]+/, '')),
    scripts: scripts
      .filter((t) => t.bytes > 0)
      .sort((a, b) => b.bytes - a.bytes)
      .map(
        (t) =>
          `${t.url.replace(/^https?:\/\/[^/]+/, '').padEnd(48)} ${String(t.bytes).padStart(7)} B, asked at ${t.askedAt - started} ms of ${ms}`,
      ),
  };
}

/** A bare page: the least a browser must do to show text from this machine. */
function startBarePage(): Promise<{ url: string; close: () => void }> {
  const html = '<!doctype html><meta charset="utf-8"><title>bare</title><p id="bare">Hello</p>';
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(html);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/`, close: () => server.close() });
    });
  });
}

/** Marks the demo world's announcement pop-up as seen, so it does not cover the feed. */
async function skipAnnouncement(context: BrowserContext, apiUrl: string): Promise<void> {
  const res = await fetch(`${apiUrl}/api/pop/up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  const popup = ((await res.json()) as { data: { id: number } | null }).data;
  if (!popup) return;
  await context.addInitScript((id) => {
    localStorage.setItem('pixelhall.popups', JSON.stringify({ state: { seen: [id] }, version: 1 }));
  }, popup.id);
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

const server = await startServer();
const bare = await startBarePage();
const browser = await launchChromium();
const rows = { bare: [] as Visit[], cold: [] as Visit[], repeat: [] as Visit[], bareRepeat: [] as Visit[] };
try {
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext(PHONE);
    await skipAnnouncement(context, server.url);
    const page = await context.newPage();
    rows.bare.push(await visit(page, bare.url, '#bare'));
    rows.cold.push(await visit(page, `${server.url}/#/home`, '[data-testid="post-card"]'));
    // The service worker registers once the first screen has shown; let it install and take
    // over before coming back (20 s at most: a build without one must not hang here).
    await page.evaluate(() =>
      Promise.race([navigator.serviceWorker?.ready, new Promise((resolve) => setTimeout(resolve, 20_000))]),
    );
    await page.waitForTimeout(2_000);
    rows.bareRepeat.push(await visit(page, bare.url, '#bare'));
    rows.repeat.push(await visit(page, `${server.url}/#/home`, '[data-testid="post-card"]'));
    await context.close();
    const c = rows.cold.at(-1)!;
    const r = rows.repeat.at(-1)!;
    console.info(
      `run ${run + 1}/${RUNS}: bare ${rows.bare.at(-1)!.ms} ms; cold ${c.ms} ms, ${kb(c.bytes)} kB in ${c.requests} requests (JS ${kb(c.jsBytes)} kB in ${c.jsFiles}); repeat ${r.ms} ms, ${kb(r.bytes)} kB on the wire`,
    );
  }
} finally {
  await browser.close();
  bare.close();
  await server.stop();
}

const med = (visits: Visit[], pick: (v: Visit) => number) => median(visits.map(pick));
const cold = rows.cold[0]!;
const bareMs = med(rows.bare, (v) => v.ms);
const bareRepeatMs = med(rows.bareRepeat, (v) => v.ms);
const coldJs = med(rows.cold, (v) => v.jsBytes);
console.info(`\n#/home, first post visible, Slow 4G + ${CPU_SLOWDOWN}× CPU, ${RUNS} runs, medians:`);
console.info(`  bare page (baseline)           ${bareMs.toFixed(0).padStart(6)} ms`);
console.info(
  `  cold visit                     ${med(rows.cold, (v) => v.ms)
    .toFixed(0)
    .padStart(6)} ms   ${(med(rows.cold, (v) => v.ms) / bareMs).toFixed(2)}× bare`,
);
console.info(
  `  repeat visit                   ${med(rows.repeat, (v) => v.ms)
    .toFixed(0)
    .padStart(
      6,
    )} ms   ${(med(rows.repeat, (v) => v.ms) / bareRepeatMs).toFixed(2)}× bare (repeat ${bareRepeatMs.toFixed(0)} ms)`,
);
console.info(
  `  bytes on the wire, cold        ${kb(med(rows.cold, (v) => v.bytes)).padStart(6)} kB in ${med(rows.cold, (v) => v.requests)} requests`,
);
console.info(
  `  JavaScript on the wire, cold   ${kb(coldJs).padStart(6)} kB in ${med(rows.cold, (v) => v.jsFiles)} files   aim ≤ ${AIM_JS_KB} kB: ${coldJs <= AIM_JS_KB * 1000 ? 'met' : 'missed'}`,
);
console.info(
  `  bytes on the wire, repeat      ${kb(med(rows.repeat, (v) => v.bytes)).padStart(6)} kB in ${med(rows.repeat, (v) => v.requests)} requests`,
);
console.info(
  `  first API call vs first script ${cold.apiLeadMs === null ? 'none' : `${cold.apiLeadMs.toFixed(0)} ms`} (${cold.scriptsBeforeApi} scripts requested before it)`,
);
if (cold.uncompressed.length) {
  console.info(`  served without content-encoding (body over 1 KB): ${cold.uncompressed.join(', ')}`);
}
console.info(`  scripts of the first cold visit, largest first:\n    ${cold.scripts.join('\n    ')}`);
