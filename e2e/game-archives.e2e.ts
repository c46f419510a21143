import { endpoints } from '@pixelhall/contract';
import type { ArchiveListResult, ArchiveProgress } from '@pixelhall/contract/host';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { baseUrl, open, useToken } from './support/app';
import {
  callArchives,
  catalogueGames,
  fakeShot,
  fakeState,
  md5Hex,
  saveCloudArchive,
} from './support/archives';
import { expectScreenOnPage, usePhone } from './support/browser';
import { createNamedMember } from './support/community';
import type { PlayableGame } from './support/games-play';
import { type HostBridge, pageUi } from './support/page-ui';

/** The host bridge, with the archive pushes this journey records. */
interface HostWindow extends HostBridge {
  archivePushes: ArchiveProgress[];
}

let page: Page;
let context: BrowserContext;
usePhone((p, c) => {
  page = p;
  context = c;
});

const ui = pageUi(() => page);
const { screen, dialog, host, until } = ui;
const toast = (text: string) => ui.toast(text, 15_000);

/** The state bytes' MD5 of a local slot, as the host lists it (null when there is none). */
async function localMd5(romMd5: string, slot: number): Promise<string | null> {
  const { list } = await host<ArchiveListResult>('archiveList', { romMd5 });
  return list[0]?.slots.find((s) => s.slot === slot)?.md5 ?? null;
}

/**
 * Writes a local slot straight into the web host's IndexedDB, as the player stores one: the game
 * record and the slot record with its state (and screenshot) as Blobs.
 */
async function stageLocalSlot(
  slot: PlayableGame & { slot: number; state: Buffer; image: Buffer },
): Promise<void> {
  await page.waitForFunction(() => Boolean((window as unknown as Partial<HostWindow>).pixelhallHost));
  // The host opens (and so creates) its database on its first archive call.
  await host('archiveList', {});
  await page.evaluate(
    async (r) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('pixelhall-host');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const tx = db.transaction(['archiveGames', 'archiveSlots'], 'readwrite');
      tx.objectStore('archiveGames').put({
        romMd5: r.romMd5,
        gameId: r.gameId,
        gameName: r.gameName,
        coverImage: r.coverImage,
        emuName: r.emuName,
        coreName: r.coreName,
        updatedAt: Date.now(),
      });
      tx.objectStore('archiveSlots').put({
        romMd5: r.romMd5,
        slot: r.slot,
        path: `archives/${r.romMd5}/${r.slot}`,
        bytes: r.state.length,
        fileName: `${r.romMd5}.state${r.slot}`,
        coreName: r.coreName,
        time: Date.now(),
        md5: r.md5,
        state: new Blob([new Uint8Array(r.state)]),
        image: new Blob([new Uint8Array(r.image)], { type: 'image/webp' }),
        cloudSlotId: null,
        cloudVersionId: null,
      });
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { ...slot, state: [...slot.state], image: [...slot.image], md5: md5Hex(slot.state) },
  );
}

describe('cloud save archives', () => {
  let token: string;
  beforeEach(async () => {
    token = (await createNamedMember('archives')).token;
    await useToken(context, token);
  });

  it('uploads a slot, settles conflicts with another device, downloads it back and deletes it', async () => {
    const [picked] = await catalogueGames(baseUrl(), 1);
    if (!picked) throw new Error('the demo catalogue is empty');
    const { game, coreName, emulatorName } = picked;
    const romMd5 = game.rom_md5;
    const mine = fakeState(7000);
    const theirs = fakeState(5000);
    const third = fakeState(3000);

    // An empty cloud says how to fill it, and leads to the game settings' automatic upload.
    await open(page, '/me/archives/cloud');
    await expectScreenOnPage(page, 'me-archives-cloud');
    await screen('me-archives-cloud')
      .getByText('No saves in the cloud yet. Save a game to a slot while you play', { exact: false })
      .waitFor();
    await screen('me-archives-cloud').getByRole('button', { name: 'Game settings' }).click();
    await expectScreenOnPage(page, 'me-setting-game');
    await screen('me-setting-game').getByText('Upload saves to the cloud').waitFor();

    await open(page, '/me/archives');
    await expectScreenOnPage(page, 'me-archives');
    await screen('me-archives').getByText('No data here yet').waitFor();
    await stageLocalSlot({
      romMd5,
      gameId: game.id,
      gameName: game.game_name,
      coverImage: game.icon_image,
      emuName: game.emulator_type,
      coreName,
      slot: 2,
      state: mine,
      image: await fakeShot(3),
    });
    await page.reload();
    await expectScreenOnPage(page, 'me-archives');
    const row = screen('me-archives').getByTestId('local-archive-game');
    await row.getByText(game.game_name).waitFor();
    await row.getByText('1 slot').waitFor();

    // Upload: progress pushes from 0 to 100, the slot then counts as in the cloud.
    await row.click();
    await expectScreenOnPage(page, 'me-archives-slot');
    await page.evaluate(() => {
      const w = window as unknown as HostWindow;
      w.archivePushes = [];
      w.pixelhallHost.on<ArchiveProgress>('archiveProgress', (p) => w.archivePushes.push(p));
    });
    const card = screen('me-archives-slot').locator('[data-testid="local-slot"][data-slot="2"]');
    await card.getByText('Slot 2').first().waitFor();
    await card.getByTestId('slot-upload').click();
    await toast('Uploaded to the cloud');
    await card.getByTestId('slot-in-cloud').waitFor();
    const pushes = await page.evaluate(() => (window as unknown as HostWindow).archivePushes);
    expect(pushes[0]).toMatchObject({ romMd5, slot: 2, direction: 'upload', status: 'running', progress: 0 });
    expect(pushes.at(-1)).toMatchObject({ status: 'done', progress: 100 });
    let cloud = (await callArchives(baseUrl(), token, endpoints.archives.archiveList, {})).list;
    expect(cloud).toHaveLength(1);
    expect(cloud[0]).toMatchObject({ rom_md5: romMd5, game_name: game.game_name, game_uid: game.game_uid });
    expect(cloud[0]!.slots[0]).toMatchObject({ slot: 2, archive_md5: md5Hex(mine), bytes: mine.length });
    expect(cloud[0]!.slots[0]!.archive_img_text).not.toBeNull();
    const first = cloud[0]!.slots[0]!;

    // Another device saves over it, then this device uploads: the member is asked, and overwrites.
    const other = await saveCloudArchive(baseUrl(), token, {
      game,
      coreName,
      slot: 2,
      state: theirs,
      deviceId: 'phone-in-the-other-pocket',
      baseVersion: first.version_id,
    });
    expect(other.code).toBe(1);
    await card.getByTestId('slot-upload').click();
    await dialog().getByText('Another device saved this slot on', { exact: false }).waitFor();
    expect(
      (await callArchives(baseUrl(), token, endpoints.archives.archiveList, {})).list[0]!.slots[0]!
        .archive_md5,
    ).toBe(md5Hex(theirs));
    await page.locator('.adm-dialog-footer:visible').getByText("Overwrite with this device's save").click();
    await toast('Uploaded to the cloud');
    // The first upload's toast may still be showing: the server's state says when this one landed.
    await expect
      .poll(async () => {
        cloud = (await callArchives(baseUrl(), token, endpoints.archives.archiveList, {})).list;
        return cloud[0]!.slots[0]!.archive_md5;
      })
      .toBe(md5Hex(mine));
    const versions = (
      await callArchives(baseUrl(), token, endpoints.archives.archiveHistory, { id: first.id })
    ).list;
    expect(versions.map((v) => v.archive_md5)).toEqual([md5Hex(mine), md5Hex(theirs), md5Hex(mine)]);

    // Again from the other device; this time the member keeps the cloud save.
    await saveCloudArchive(baseUrl(), token, {
      game,
      coreName,
      slot: 2,
      state: theirs,
      deviceId: 'phone-in-the-other-pocket',
      baseVersion: cloud[0]!.slots[0]!.version_id,
    });
    await card.getByTestId('slot-upload').click();
    await dialog().getByText('Another device saved this slot on', { exact: false }).waitFor();
    await page.locator('.adm-dialog-footer:visible').getByText('Keep the cloud save (download it)').click();
    await toast('Downloaded to this device');
    // An earlier download's toast may still be showing: the device's slot says when this one landed.
    await expect.poll(() => localMd5(romMd5, 2)).toBe(md5Hex(theirs));
    // Cancelling changes nothing on either side.
    await saveCloudArchive(baseUrl(), token, {
      game,
      coreName,
      slot: 2,
      state: third,
      deviceId: 'phone-in-the-other-pocket',
      baseVersion: null,
      overwrite: true,
    });
    await card.getByTestId('slot-upload').click();
    await page.locator('.adm-dialog-footer:visible').getByText('Cancel', { exact: true }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await localMd5(romMd5, 2)).toBe(md5Hex(theirs));
    expect(
      (await callArchives(baseUrl(), token, endpoints.archives.archiveList, {})).list[0]!.slots[0]!
        .archive_md5,
    ).toBe(md5Hex(third));

    // Delete locally (asked first), then bring the cloud save back: the same bytes.
    await card.getByTestId('slot-delete').click();
    await dialog().getByText('Delete this archive?').waitFor();
    await page.locator('.adm-dialog-footer:visible').getByText('Delete', { exact: true }).click();
    await screen('me-archives-slot').getByText('No data here yet').waitFor();
    expect(await localMd5(romMd5, 2)).toBeNull();

    await open(page, '/me/archives/cloud');
    await expectScreenOnPage(page, 'me-archives-cloud');
    await screen('me-archives-cloud').getByTestId('cloud-archive-game').getByText(game.game_name).click();
    await expectScreenOnPage(page, 'me-archives-cloud-slot');
    const cloudCard = screen('me-archives-cloud-slot').locator('[data-testid="cloud-slot"][data-slot="2"]');
    // The slot names the emulator it was saved with, not the EmulatorJS core.
    await cloudCard.getByText(`${emulatorName} emulator`, { exact: true }).waitFor();
    await cloudCard.getByTestId('cloud-download').click();
    await toast('Downloaded to this device');
    await expect.poll(() => localMd5(romMd5, 2)).toBe(md5Hex(third));

    // Restore an older version from the history: it replaces the local slot, after asking.
    await cloudCard.getByTestId('cloud-history').click();
    const history = page.getByTestId('archive-history');
    await until(
      () => history.getByTestId('archive-version').count(),
      (n) => n === 5,
      15_000,
    );
    await history.getByText('Another device').first().waitFor();
    await history.getByTestId('version-restore').nth(1).click();
    await dialog().getByText('Replace the save on this device?').waitFor();
    await page.locator('.adm-dialog-footer:visible').getByText('Replace', { exact: true }).click();
    await toast('Downloaded to this device');
    // An earlier download's toast may still be showing: the device's slot says when this one landed.
    await expect.poll(() => localMd5(romMd5, 2)).toBe(md5Hex(theirs));
    await history.waitFor({ state: 'hidden' });

    // Delete in the cloud, after confirming.
    await cloudCard.getByTestId('cloud-delete').click();
    await dialog().getByText('Delete cloud archive?').waitFor();
    await page.locator('.adm-dialog-footer:visible').getByText('Delete', { exact: true }).click();
    await toast('Cloud archive deleted');
    await screen('me-archives-cloud-slot').getByText('No data here yet').waitFor();
    expect((await callArchives(baseUrl(), token, endpoints.archives.archiveList, {})).list).toEqual([]);
    // The local copy stays.
    expect(await localMd5(romMd5, 2)).toBe(md5Hex(theirs));
  });

  it('answers a missing local slot and a signed-out upload with a message', async () => {
    await open(page, '/me/archives');
    await expectScreenOnPage(page, 'me-archives');
    await page.waitForFunction(() => Boolean((window as unknown as Partial<HostWindow>).pixelhallHost));
    const reply = (payload: unknown) =>
      page.evaluate(
        (p) =>
          (window as unknown as HostWindow).pixelhallHost.call('archiveUpload', p).then(
            () => 'ok',
            (err: Error) => err.message,
          ),
        payload,
      );
    expect(await reply({ romMd5: 'f'.repeat(32), slot: 4 })).toBe('Slot 4 has no save on this device.');
    await page.evaluate(() => localStorage.removeItem('pixelhall.session'));
    await context.clearCookies();
    await context.addInitScript(() => localStorage.removeItem('pixelhall.session'));
    await page.reload();
    await expectScreenOnPage(page, 'me-archives');
    await page.waitForFunction(() => Boolean((window as unknown as Partial<HostWindow>).pixelhallHost));
    expect(await reply({ romMd5: 'f'.repeat(32), slot: 4 })).toBe('The user is not logged in');
  });
});
