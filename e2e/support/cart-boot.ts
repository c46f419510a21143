import type { Page } from 'playwright-core';
import { baseUrl, open } from './app';
import { focusGame, LISTEN_TO_AUDIO, loudestSample } from './game-pad';
import { downloadSeededGame, hostCall, waitForFirstFrame, waitForSteadyFrame } from './games-play';
import { until } from './until';

/**
 * Boots a seeded demo cart in the player for the cart journeys: listening to what it plays, on
 * the emulator core it must run on, its title screen held still and the keyboard pad on it.
 */
export async function bootSeededCart(page: Page, name: string, core: string): Promise<void> {
  await page.addInitScript(LISTEN_TO_AUDIO);
  await open(page, '/game');
  const game = await downloadSeededGame(page, baseUrl(), name);
  if (game.coreName !== core) throw new Error(`${name} runs on ${game.coreName}, not on ${core}`);
  await hostCall(page, 'startGame', game);
  await page.locator('.ph-player').waitFor();
  await waitForFirstFrame(page);
  await waitForSteadyFrame(page);
  await focusGame(page);
}

/** Waits until a sound louder than `level` (0–1) reaches the page: a note comes a little after its press. */
export async function heard(page: Page, level: number, what = `a sound over ${level}`): Promise<void> {
  await until(
    () => loudestSample(page),
    (loudest) => loudest > level,
    { what },
  );
}
