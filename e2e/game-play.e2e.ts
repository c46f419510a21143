import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, open } from './support/app';
import { usePhone } from './support/browser';
import {
  downloadSeededGame,
  hostCall,
  type PlayableGame,
  waitForFirstFrame,
  waitForSteadyFrame,
} from './support/games-play';

let page: Page;
usePhone((p) => {
  page = p;
});

const player = () => page.locator('.ph-player');
const toast = (text: string) =>
  page.locator('.adm-toast-main:visible').getByText(text, { exact: true }).waitFor();

const call = (name: string, payload: unknown) => hostCall(page, name, payload);

/** Leaves the game with the player's Back button (which keeps the battery RAM). */
async function back(): Promise<void> {
  await player().getByRole('button', { name: 'Back', exact: true }).click();
  await player().waitFor({ state: 'detached' });
}

/** The first bytes of the kept battery save, read from the web host's IndexedDB. */
const batteryHead = (romMd5: string) =>
  page.evaluate(
    (md5) =>
      new Promise<number[] | null>((resolve, reject) => {
        const req = indexedDB.open('pixelhall-host');
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const get = req.result.transaction('battery').objectStore('battery').get(md5);
          get.onsuccess = async () => {
            const record = get.result as { data: Blob } | undefined;
            resolve(record ? [...new Uint8Array(await record.data.arrayBuffer()).slice(0, 3)] : null);
            req.result.close();
          };
        };
      }),
    romMd5,
  );

describe('playing a game', () => {
  it('boots the generated ROM, saves slot 2, keeps it and the battery save across reloads, loads slot 2', async () => {
    await open(page, '/game');
    const game: PlayableGame = await downloadSeededGame(page, baseUrl(), 'Tile Garden');

    // First boot: the homebrew draws its tiles and title, and counts this boot in battery RAM.
    await call('startGame', game);
    await player().waitFor();
    await waitForFirstFrame(page);
    const firstBoot = await waitForSteadyFrame(page);
    expect(firstBoot.colours).toBeGreaterThan(2);

    // Save slot 2 through the player's own buttons.
    await player().getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.ph-player__sheet [data-slot="2"]').click();
    await toast('Saved to slot 2');
    await back();
    // Battery RAM: the count (1) at $6000, then the homebrew's "PH" signature.
    expect(await batteryHead(game.romMd5)).toEqual([1, 0x50, 0x48]);

    // After a reload the slot is listed with its screenshot.
    await page.reload();
    const { list } = (await call('archiveList', { romMd5: game.romMd5 })) as {
      list: { romMd5: string; slots: { slot: number; image: string | null; bytes: number }[] }[];
    };
    expect(list).toHaveLength(1);
    expect(list[0]?.slots.map((s) => s.slot)).toEqual([2]);
    expect(list[0]?.slots[0]?.image).toMatch(/^data:image\/jpeg;base64,/);
    expect(list[0]?.slots[0]?.bytes).toBeGreaterThan(0);

    // Second boot: the battery save came back, so the count goes on to 2 and the picture differs.
    await call('startGame', game);
    const secondBoot = await waitForSteadyFrame(page);
    expect(secondBoot.hash).not.toBe(firstBoot.hash);
    await back();
    expect(await batteryHead(game.romMd5)).toEqual([2, 0x50, 0x48]);
    // The app's store is the only copy: EmulatorJS's save folder lives in memory, not IndexedDB.
    const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(databases).not.toContain('/data/saves');

    // Loading slot 2 brings back the first boot's picture exactly.
    await page.reload();
    await call('archiveStart', { romMd5: game.romMd5, slot: 2 });
    await waitForSteadyFrame(page);
    await expect
      .poll(async () => (await waitForSteadyFrame(page)).hash, { timeout: 10_000 })
      .toBe(firstBoot.hash);

    // The Load sheet lists the saved slot with its screenshot, and loads it.
    await player().getByRole('button', { name: 'Load', exact: true }).click();
    await page.locator('.ph-player__sheet [data-slot="2"] img').waitFor();
    expect(await page.locator('.ph-player__sheet [data-slot]').count()).toBe(1);
    await page.locator('.ph-player__sheet [data-slot="2"]').click();
    await toast('Loaded slot 2');

    // The browser's back leaves the game too.
    await page.goBack();
    await player().waitFor({ state: 'detached' });
  });
});
