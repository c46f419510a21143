/**
 * Screenshots of a running game at a phone viewport, dark and light (the player is a layer, not
 * a route, so e2e/screenshots.ts cannot reach it by address):
 *   npm run screenshots:player -w @pixelhall/e2e   (after npm run build; E2E_WEB_DIST for another build)
 *   → e2e/.artifacts/screens/<theme>-player.png, <theme>-player-save.png (the save sheet, slot 2 saved)
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowser, phoneContext } from './support/browser';
import { downloadSeededGame, hostCall, waitForSteadyFrame } from './support/games-play';
import { motionless } from './support/motion';
import { startServer } from './support/server';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts/screens');
mkdirSync(OUT, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const theme of ['dark', 'light'] as const) {
    const context = await phoneContext(browser);
    await context.addInitScript((t) => {
      // tsx wraps named functions in __name(), also inside functions sent to the page.
      (globalThis as unknown as { __name: (f: unknown) => unknown }).__name = (f) => f;
      localStorage.setItem('pixelhall.preferences', JSON.stringify({ state: { theme: t }, version: 1 }));
    }, theme);
    const page = await context.newPage();
    await page.goto(`${server.url}/#/game`);
    const game = await downloadSeededGame(page, server.url, 'Ember Cave');
    await hostCall(page, 'startGame', game);
    await waitForSteadyFrame(page);
    // EmulatorJS's menu bar out of the way (on a phone the player closes it at the start), the pad shown.
    await page.locator('.ph-player .ejs_menu_bar.ejs_menu_bar_hidden').waitFor({ state: 'attached' });
    await motionless(page);
    await page.screenshot({ path: path.join(OUT, `${theme}-player.png`) });

    const player = page.locator('.ph-player');
    await player.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.ph-player__sheet [data-slot="2"]').click();
    await page.locator('.adm-toast-main:visible').waitFor();
    await page.locator('.adm-toast-main').waitFor({ state: 'hidden' });
    await player.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .locator('.ph-player__sheet [data-slot="2"] img')
      .evaluate((img: HTMLImageElement) => img.decode());
    await motionless(page);
    await page.screenshot({ path: path.join(OUT, `${theme}-player-save.png`) });
    await context.close();
  }
  console.info(`screenshots in ${OUT}`);
} finally {
  await browser.close();
  await server.stop();
}
