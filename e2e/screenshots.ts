/**
 * Screenshots of every screen at a phone viewport, dark and light, for people to look at:
 *   npm run screenshots   (after npm run build) → e2e/.artifacts/screens/<theme>-<screen>.png
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectScreenOnPage, launchBrowser, phoneContext } from './support/browser';
import { startServer } from './support/server';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts/screens');
const SCREENS: Array<[name: string, hash: string, screen: string]> = [
  ['home', '/home', 'home'],
  ['game', '/game', 'game'],
  ['me', '/me', 'me'],
  ['setting', '/me/setting', 'me-setting'],
  ['about', '/me/about', 'me-about'],
  ['demo', '/demo', 'demo'],
  ['webview', '/webview?url=__SELF__%2Fhealthz&title=Status', 'webview'],
  ['webview-invalid', '/webview?url=javascript%3Aalert(1)&title=Help', 'webview'],
  ['not-found', '/no/such/page', 'not-found'],
];

const only = process.argv.slice(2);
mkdirSync(OUT, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
try {
  for (const theme of ['dark', 'light'] as const) {
    const context = await phoneContext(browser);
    await context.addInitScript((t) => {
      localStorage.setItem('pixelhall.preferences', JSON.stringify({ state: { theme: t }, version: 1 }));
    }, theme);
    const page = await context.newPage();
    for (const [name, hash, screen] of SCREENS) {
      if (only.length && !only.includes(name)) continue;
      await page.goto(`${server.url}/#${hash.replace('__SELF__', encodeURIComponent(server.url))}`);
      await expectScreenOnPage(page, screen);
      await page.waitForTimeout(400);
      await page.screenshot({ path: path.join(OUT, `${theme}-${name}.png`) });
    }
    await context.close();
    await contactSheet(theme);
  }
  if (!only.length) await readmePicture();
  console.info(`screenshots in ${OUT}`);
} finally {
  await browser.close();
  await server.stop();
}

/** The README's picture: four screens in both themes, small enough to keep in git. */
async function readmePicture(): Promise<void> {
  const picks = ['dark-home', 'dark-me', 'light-setting', 'light-about'];
  const imgs = picks.map(
    (p) => `<img src="data:image/png;base64,${readFileSync(path.join(OUT, `${p}.png`)).toString('base64')}">`,
  );
  const page = await browser.newPage({ viewport: { width: 1000, height: 520 }, deviceScaleFactor: 1 });
  await page.setContent(
    `<style>body{margin:0;padding:16px;background:#1d1b2e;display:flex;gap:16px}img{width:230px;border-radius:18px;box-shadow:0 6px 20px #0008}</style>${imgs.join('')}`,
  );
  await page.screenshot({ path: path.join(OUT, 'readme.png') });
  await page.close();
}

/** All screens of a theme side by side in one picture, to review them at a glance. */
async function contactSheet(theme: string): Promise<void> {
  const shots = SCREENS.filter(([name]) => !only.length || only.includes(name)).map(([name]) => {
    const data = readFileSync(path.join(OUT, `${theme}-${name}.png`)).toString('base64');
    return `<figure><img src="data:image/png;base64,${data}"><figcaption>${name}</figcaption></figure>`;
  });
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await page.setContent(
    `<style>body{margin:0;background:#888;display:grid;grid-template-columns:repeat(4,1fr);gap:8px;padding:8px;font:14px sans-serif}figure{margin:0}img{width:100%;display:block}</style>${shots.join('')}`,
  );
  await page.screenshot({ path: path.join(OUT, `sheet-${theme}.png`), fullPage: true });
  await page.close();
}
