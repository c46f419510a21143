import { endpoints } from '@pixelhall/contract';
import type { ArchiveListResult, LocalGame } from '@pixelhall/contract/host';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, currentRoute, open } from './support/app';
import { callArchives, md5Hex } from './support/archives';
import { expectScreenOnPage, usePhone } from './support/browser';
import { signedInToday } from './support/community';
import { waitForFirstFrame, waitForSteadyFrame } from './support/games-play';
import { pageUi, throttle } from './support/page-ui';
import { stubDirectoryPicker } from './support/picker';
import { romDirectory } from './support/rom-dir';

/**
 * The whole game half as one member lives it, through the screens only: find a game, favourite
 * it, download it (pause, resume, a reload half-way), play it, save slot 2, load it back from the
 * archive screens, send it to the cloud, lose it on the device and bring it back, then import a
 * ROM directory. The host is only read (never driven) to check what the screens claim.
 */

let context: BrowserContext;
let page: Page;
usePhone((p, c) => {
  page = p;
  context = c;
});

const { screen, dialog, toast, host, until } = pageUi(() => page);
const player = () => page.locator('.ph-player');

/** A local slot's state MD5, as the web host lists it (null when the device has none). */
async function localSlotMd5(romMd5: string, slot: number): Promise<string | null> {
  const { list } = await host<ArchiveListResult>('archiveList', { romMd5 });
  return list[0]?.slots.find((s) => s.slot === slot)?.md5 ?? null;
}

describe('a member and their games', () => {
  it('finds, favourites, downloads, plays, saves, syncs and imports, all through the screens', async () => {
    const member = await signedInToday(context, 'journey');

    // 1. The game hub, its search, a typed keyword, the game.
    await open(page, '/game');
    await expectScreenOnPage(page, 'game');
    await screen('game').getByRole('button', { name: 'Search games' }).click();
    await expectScreenOnPage(page, 'game-search');
    const input = screen('game-search').getByPlaceholder('Search games');
    await input.fill('garden');
    await input.press('Enter');
    const results = page.locator('[data-testid="game-search-results"]:visible');
    await results.getByText('Tile Garden', { exact: true }).click();
    await expectScreenOnPage(page, 'rom');
    const romRoute = currentRoute(page);
    expect(romRoute).toMatch(/^\/rom\/\d+$/);
    const gameId = Number(romRoute.split('/').at(-1));
    const rom = screen('rom');
    expect(await rom.getByTestId('rom-name').textContent()).toBe('Tile Garden');

    // 2. The heart, and the game among the favourites.
    const heart = rom.getByTestId('rom-favourite');
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await until(
      () => heart.getAttribute('aria-pressed'),
      (v) => v === 'true',
    );
    await open(page, '/me/game');
    await expectScreenOnPage(page, 'me-game');
    await screen('me-game').getByTestId('my-games-favourites').click();
    await expectScreenOnPage(page, 'me-favorite');
    await screen('me-favorite').getByTestId('favourite-list').locator(`[data-game-id="${gameId}"]`).waitFor();

    // 3. Download at a crawl: pause (nothing moves), resume, reload half-way, and it finishes alone.
    await open(page, romRoute);
    await expectScreenOnPage(page, 'rom');
    const state = () => rom.getByTestId('rom-actions').getAttribute('data-download-state');
    expect(await state()).toBe('download');
    const romRequests: { status: number; range: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/upload/roms/'))
        romRequests.push({ status: response.status(), range: response.request().headers().range });
    });
    const resumedFrom = (received: number) =>
      until(
        async () => romRequests,
        (list) => list.some((r) => r.status === 206 && r.range === `bytes=${received}-`),
      );
    await throttle(page, 3 * 1024);
    await rom.getByTestId('rom-download').click();
    const status = rom.getByTestId('rom-progress').locator('.rom-progress__status');
    // Bytes arrive: the line shows the speed.
    await until(
      () => status.textContent(),
      (text) => /B\/s$/.test(text ?? ''),
    );
    await rom.getByTestId('rom-pause').click();
    await until(state, (s) => s === 'paused');
    // Paused: no speed on the line, and the host agrees (speed 0, part of the file kept).
    expect(await status.textContent()).toBe('Paused');
    const paused = await host<LocalGame>('getGameRomInfo', { gameId });
    expect(paused).toMatchObject({ status: 'paused', speedBytes: 0 });
    expect(paused.receivedBytes).toBeGreaterThan(0);
    expect(paused.receivedBytes).toBeLessThan(paused.size);
    await rom.getByTestId('rom-resume').click();
    await resumedFrom(paused.receivedBytes);
    await until(
      () => status.textContent(),
      (text) => /B\/s$/.test(text ?? ''),
    );
    // Reloaded half-way: the next page start picks the download up where it was, unasked.
    const before = await host<LocalGame>('getGameRomInfo', { gameId });
    expect(before.status).toBe('downloading');
    expect(before.receivedBytes).toBeLessThan(before.size);
    const requestsBefore = romRequests.length;
    await page.reload();
    await expectScreenOnPage(page, 'rom');
    await until(
      async () => romRequests.slice(requestsBefore),
      (list) => list.some((r) => r.status === 206 && /^bytes=[1-9]\d*-$/.test(r.range ?? '')),
    );
    expect(await state()).not.toBe('paused');
    await throttle(page, -1);
    await until(state, (s) => s === 'downloaded');
    await rom.getByTestId('rom-downloaded').waitFor();
    await open(page, '/game/download?tab=downloaded');
    await expectScreenOnPage(page, 'game-download');
    await screen('game-download')
      .getByTestId('downloaded-list')
      .locator(`[data-game-id="${gameId}"]`)
      .waitFor();
    // /me/game lists it as on this device, marked as the favourite it is (collection/collectList).
    await open(page, '/me/game');
    await expectScreenOnPage(page, 'me-game');
    const onDevice = screen('me-game').getByTestId('my-games-list');
    await onDevice.getByTestId('my-games-favourite').waitFor();
    expect(await onDevice.getByTestId('my-games-favourite').count()).toBe(1);

    // 4. Play: the player opens and the generated ROM draws its picture.
    await open(page, romRoute);
    await expectScreenOnPage(page, 'rom');
    await rom.getByTestId('rom-play').click();
    await player().waitFor();
    await waitForFirstFrame(page);
    const saved = await waitForSteadyFrame(page);
    expect(saved.colours).toBeGreaterThan(2);

    // 5. Slot 2 through the player's Save sheet; back out; reload.
    await player().getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('.ph-player__sheet [data-slot="2"]').click();
    await toast('Saved to slot 2');
    await player().getByRole('button', { name: 'Back', exact: true }).click();
    await player().waitFor({ state: 'detached' });
    await page.reload();

    // 6. The archives: the game, its slot 2 with a screenshot, loaded from there.
    await open(page, '/me/archives');
    await expectScreenOnPage(page, 'me-archives');
    await screen('me-archives').getByTestId('local-archive-game').getByText('Tile Garden').click();
    await expectScreenOnPage(page, 'me-archives-slot');
    const romMd5 = new URLSearchParams(currentRoute(page).split('?')[1]).get('romMd5')!;
    const slotCard = screen('me-archives-slot').locator('[data-testid="local-slot"][data-slot="2"]');
    await slotCard.locator('.archive-slot__shot img').waitFor();
    expect(await slotCard.locator('.archive-slot__shot img').getAttribute('src')).toMatch(/^data:image\//);
    const md5 = await localSlotMd5(romMd5, 2);
    expect(md5).toMatch(/^[0-9a-f]{32}$/);
    await slotCard.getByTestId('slot-load').click();
    await player().waitFor();
    // The game boots with one more boot counted in its battery RAM (a new picture), then slot 2
    // puts back the saved one.
    await expect
      .poll(async () => (await waitForSteadyFrame(page)).hash, { timeout: 15_000 })
      .toBe(saved.hash);
    await player().getByRole('button', { name: 'Back', exact: true }).click();
    await player().waitFor({ state: 'detached' });
    await expectScreenOnPage(page, 'me-archives-slot');

    // 7. Up to the cloud, slowly enough to see its progress.
    await throttle(page, -1, 32 * 1024);
    await slotCard.getByTestId('slot-upload').click();
    await slotCard.getByTestId('archive-progress').waitFor();
    await toast('Uploaded to the cloud');
    await slotCard.getByTestId('slot-in-cloud').waitFor();
    await throttle(page, -1);
    const cloud = (await callArchives(baseUrl(), member.token, endpoints.archives.archiveList, {})).list;
    expect(cloud.map((g) => [g.rom_md5, g.slots.map((s) => [s.slot, s.archive_md5])])).toEqual([
      [romMd5, [[2, md5]]],
    ]);
    await page.goBack();
    await expectScreenOnPage(page, 'me-archives');
    await screen('me-archives').getByTestId('archives-cloud-entry').click();
    await expectScreenOnPage(page, 'me-archives-cloud');
    await screen('me-archives-cloud').getByTestId('cloud-archive-game').getByText('Tile Garden').waitFor();

    // 8. Gone from the device (asked first), then brought back from the cloud: the same bytes.
    await page.goBack();
    await screen('me-archives').getByTestId('local-archive-game').getByText('Tile Garden').click();
    await expectScreenOnPage(page, 'me-archives-slot');
    await slotCard.getByTestId('slot-delete').click();
    await dialog().getByText('Delete this archive?').waitFor();
    await page.locator('.adm-dialog-footer:visible').getByText('Delete', { exact: true }).click();
    await slotCard.waitFor({ state: 'detached' });
    expect(await localSlotMd5(romMd5, 2)).toBeNull();

    await open(page, '/me/archives/cloud');
    await expectScreenOnPage(page, 'me-archives-cloud');
    await screen('me-archives-cloud').getByTestId('cloud-archive-game').getByText('Tile Garden').click();
    await expectScreenOnPage(page, 'me-archives-cloud-slot');
    const cloudCard = screen('me-archives-cloud-slot').locator('[data-testid="cloud-slot"][data-slot="2"]');
    await cloudCard.getByTestId('cloud-download').click();
    await toast('Downloaded to this device');
    expect(await localSlotMd5(romMd5, 2)).toBe(md5);
    await open(page, `/me/archives/slot?romMd5=${romMd5}`);
    await expectScreenOnPage(page, 'me-archives-slot');
    await slotCard.locator('.archive-slot__shot img').waitFor();
    await slotCard.getByTestId('slot-in-cloud').waitFor();

    // 9. A ROM directory through the Imported tab: the sheet sums it up, the list marks matches.
    const generated = romDirectory();
    expect(md5Hex(generated.files[0]!.bytes)).toBe(romMd5);
    await open(page, '/game/download?tab=imported');
    await expectScreenOnPage(page, 'game-download');
    const downloads = screen('game-download');
    await downloads.getByText('No ROMs imported yet', { exact: false }).waitFor();
    await stubDirectoryPicker(page, 'My ROMs', romDirectory().files);
    await downloads.getByTestId('imported-import').click();
    const sheet = page.getByTestId('import-sheet');
    await sheet.getByTestId('import-summary').waitFor({ timeout: 30_000 });
    expect(await sheet.getByTestId('import-found').textContent()).toBe(String(generated.found));
    expect(await sheet.getByTestId('import-matched').textContent()).toBe(String(generated.matched));
    await sheet.getByRole('button', { name: 'Close', exact: true }).click();
    const list = downloads.getByTestId('imported-list');
    await until(
      () => list.getByTestId('game-card').count(),
      (n) => n === generated.found,
    );
    expect(await list.getByText('Matched', { exact: true }).count()).toBe(generated.matched);
    expect(
      await list.locator(`[data-game-id="${gameId}"]`).getByText('Matched', { exact: true }).count(),
    ).toBe(1);
  });
});
