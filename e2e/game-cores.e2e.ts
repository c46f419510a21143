import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, open } from './support/app';
import { usePhone } from './support/browser';
import { downloadSeededGame, hostCall, waitForFirstFrame, waitForSteadyFrame } from './support/games-play';

let page: Page;
let errors: string[];
usePhone((p) => {
  page = p;
  errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
});

/**
 * Boots a seeded game of another platform than the NES: its generated cartridge (seed
 * games/gameboy.ts, carts.ts) shows a title screen that moves only with the pad, so the core must
 * show a picture of several colours that holds still, with nothing thrown in the page. The
 * on-screen pad (a phone: touch) must be that platform's: `pad` names its buttons (EmulatorJS's
 * `b_<id>` classes), `notPad` another's.
 */
async function bootsAndDraws(name: string, core: string, pad: string[], notPad: string[]): Promise<void> {
  await open(page, '/game');
  const game = await downloadSeededGame(page, baseUrl(), name);
  expect(game.coreName).toBe(core);
  await hostCall(page, 'startGame', game);
  await page.locator('.ph-player').waitFor();
  await waitForFirstFrame(page);
  const frame = await waitForSteadyFrame(page);
  // The pattern's two colours, the blank box and the text: four at least (plus the letterbox).
  expect(frame.colours).toBeGreaterThanOrEqual(4);
  const button = (id: string) => page.locator(`.ph-player .ejs_virtualGamepad_button.b_${id}`);
  for (const id of pad) await expect(button(id).count(), id).resolves.toBe(1);
  for (const id of notPad) await expect(button(id).count(), id).resolves.toBe(0);
  expect(errors).toEqual([]);
}

describe('the other cores', () => {
  it('boots a Game Boy game on gambatte and draws its title screen', async () => {
    await bootsAndDraws('Pocket Gardener', 'gambatte', ['a', 'b', 'start', 'select'], ['c', 'mode']);
  });

  it('boots a Mega Drive game on Genesis Plus GX with the Mega Drive pad, and draws its title screen', async () => {
    // Not the Master System's "1 / 2" pad, which EmulatorJS gives the core's first system.
    const megaDrive = ['a', 'b', 'c', 'x', 'y', 'z', 'start', 'mode'];
    await bootsAndDraws('Chrome Runner', 'genesis_plus_gx', megaDrive, ['button_1', 'button_2']);
  });

  it('shows the pad for every game started in the same page, not only the first', async () => {
    // A second game boots within EmulatorJS's 250 ms pad measurement and used to lose its pad.
    await open(page, '/game');
    for (const name of ['Chrome Runner', 'Thunder Alley', 'Pocket Gardener', 'Byte Busters']) {
      const game = await downloadSeededGame(page, baseUrl(), name);
      await hostCall(page, 'startGame', game);
      await waitForFirstFrame(page);
      // EmulatorJS measures a hidden pad by showing it see-through for 250 ms and hiding it again:
      // the pad counts as shown once it is displayed and opaque, its measurement over.
      await page
        .waitForFunction(
          () => {
            const pad = document.querySelector<HTMLElement>('.ph-player .ejs_virtualGamepad_parent');
            return !!pad && getComputedStyle(pad).display !== 'none' && pad.style.opacity !== '0';
          },
          undefined,
          { timeout: 15_000 },
        )
        .catch(() => expect.fail(`${name}: its pad never showed`));
      await page.locator('.ph-player').getByRole('button', { name: 'Back', exact: true }).click();
      await page.locator('.ph-player').waitFor({ state: 'detached' });
    }
    expect(errors).toEqual([]);
  });

  it('serves the SNES and GBA cores, which no seeded game uses yet', async () => {
    for (const core of ['snes9x', 'mgba']) {
      for (const file of [`cores/${core}-wasm.data`, `cores/reports/${core}.json`]) {
        const response = await fetch(`${baseUrl()}/emulator/${file}`);
        expect(response.status, file).toBe(200);
        const body = new Uint8Array(await response.arrayBuffer());
        expect(body.length, file).toBeGreaterThan(file.endsWith('.json') ? 10 : 100_000);
      }
      const report = (await (await fetch(`${baseUrl()}/emulator/cores/reports/${core}.json`)).json()) as {
        core?: string;
      };
      expect(report.core).toBe(core);
    }
  });
});
