import { endpoints, endpointUrl } from '@pixelhall/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, open } from './support/app';
import { callArchives, fakeState, saveCloudArchive } from './support/archives';
import { usePhone } from './support/browser';
import { signedInToday } from './support/community';
import { downloadSeededGame, hostCall, waitForFirstFrame } from './support/games-play';

let page: Page;
let context: BrowserContext;
usePhone((p, c) => {
  page = p;
  context = c;
});

const player = () => page.locator('.ph-player');
const toast = (text: string) =>
  page.locator('.adm-toast-main:visible').getByText(text, { exact: true }).waitFor({ timeout: 20_000 });

/** Saves the running game to `slot` through the player's Save sheet (confirming an overwrite). */
async function saveTo(slot: number, overwrite = false): Promise<void> {
  await player().getByRole('button', { name: 'Save', exact: true }).click();
  await page.locator(`.ph-player__sheet [data-slot="${slot}"]`).click();
  if (overwrite) await page.getByRole('button', { name: 'Overwrite', exact: true }).click();
}

describe('uploading saves automatically', () => {
  it('sends a saved slot to the cloud, and leaves it unsynced when another device saved since', async () => {
    const member = await signedInToday(context, 'autoup');
    await context.addInitScript(() =>
      localStorage.setItem(
        'pixelhall.emulator-settings',
        JSON.stringify({ state: { autoUpload: true }, version: 1 }),
      ),
    );
    await open(page, '/game');
    const game = await downloadSeededGame(page, baseUrl(), 'Neon Drift');
    await hostCall(page, 'startGame', game);
    await waitForFirstFrame(page);

    await saveTo(1);
    await toast('Slot 1 uploaded to the cloud');
    const cloudSlot = async () =>
      (
        await callArchives(baseUrl(), member.token, endpoints.archives.archiveList, { rom_md5: game.romMd5 })
      ).list[0]?.slots.find((s) => s.slot === 1);
    const mine = await cloudSlot();
    expect(mine?.device_id).toMatch(/^web-/);

    // Another device saves slot 1 on top of it; this device's next save must not replace that.
    const detail = (await (
      await fetch(`${baseUrl()}${endpointUrl(endpoints.games.gameDetail)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: game.gameId }),
      })
    ).json()) as { data: { game_uid: string } };
    const theirs = await saveCloudArchive(baseUrl(), member.token, {
      game: {
        rom_md5: game.romMd5,
        game_uid: detail.data.game_uid,
        game_name: game.gameName,
        icon_image: game.coverImage,
      },
      coreName: game.coreName,
      slot: 1,
      state: fakeState(),
      deviceId: 'another-device',
      baseVersion: mine!.version_id,
    });
    expect(theirs.code).toBe(1);
    await saveTo(1, true);
    await toast(
      'Slot 1 stays on this device only: the cloud has a newer save from another device. Choose which to keep in Me › Save archives.',
    );
    expect(await cloudSlot()).toMatchObject({
      version_id: theirs.data.version_id,
      device_id: 'another-device',
    });
  });
});
