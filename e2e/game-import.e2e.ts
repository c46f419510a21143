import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportGamesResult, ImportProgress, LocalGames } from '@pixelhall/contract/host';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, open } from './support/app';
import { expectScreenOnPage, usePhone } from './support/browser';
import { waitForFirstFrame } from './support/games-play';
import { stubDirectoryPicker } from './support/picker';
import { romDirectory, writeRomDirectory } from './support/rom-dir';

/** The app's host bridge on the page (apps/web/src/host/index.ts). */
type HostWindow = Window & {
  pixelhallHost: {
    call<T = unknown>(call: string, payload?: unknown): Promise<T>;
    on<T = unknown>(event: string, listener: (data: T) => void): () => void;
  };
};

let page: Page;
usePhone((p) => {
  page = p;
});

const rom = romDirectory();
const diskDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-roms-'));
const ROOT = path.join(diskDir, 'My ROMs');
writeRomDirectory(ROOT, rom.files);
afterAll(() => rmSync(diskDir, { recursive: true, force: true }));

async function openApp(): Promise<void> {
  await open(page, '/game');
  await expectScreenOnPage(page, 'game');
}

/** Records every `importProgress` push in the page, in order. */
async function recordPushes(): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { pushes: ImportProgress[] };
    w.pushes = [];
    (window as unknown as HostWindow).pixelhallHost.on<ImportProgress>('importProgress', (p) =>
      w.pushes.push(p),
    );
  });
}
const pushes = () => page.evaluate(() => (window as unknown as { pushes: ImportProgress[] }).pushes);

const hostCall = <T>(call: string, payload: unknown) =>
  page.evaluate(([c, p]) => (window as unknown as HostWindow).pixelhallHost.call(c, p), [
    call,
    payload,
  ] as const) as Promise<T>;

/** The emulators' covers, as the server lists them. */
async function emulatorIcons(): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl()}/game-api/home/conditionOpt`, {
    method: 'POST',
    body: '{}',
    headers: { 'content-type': 'application/json' },
  });
  const body = (await res.json()) as {
    data: { emulator_type: { emulator_uid: string; icon_url_text: string }[] };
  };
  return Object.fromEntries(body.data.emulator_type.map((e) => [e.emulator_uid, e.icon_url_text]));
}

/** Changes the picked directory in the origin-private file system, as the member would on disk. */
async function editDirectory(
  name: string,
  edits: { write?: { path: string; base64: string }[]; remove?: string[] },
): Promise<void> {
  await page.evaluate(
    async ([dirName, { write = [], remove = [] }]) => {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(dirName);
      const folderOf = async (parts: string[], create: boolean) => {
        let folder = dir;
        for (const part of parts.slice(0, -1)) folder = await folder.getDirectoryHandle(part, { create });
        return folder;
      };
      for (const file of write) {
        const parts = file.path.split('/');
        const folder = await folderOf(parts, true);
        const writable = await (await folder.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0)));
        await writable.close();
      }
      for (const path of remove) {
        const parts = path.split('/');
        await (await folderOf(parts, false)).removeEntry(parts.at(-1)!);
      }
    },
    [name, edits] as const,
  );
}

/** Counts the workers the page starts from now on: the MD5 pool starts them only to hash. */
async function countWorkers(): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { workersStarted: number; Worker: typeof Worker };
    w.workersStarted = 0;
    const Original = w.Worker;
    w.Worker = class extends Original {
      constructor(...args: ConstructorParameters<typeof Worker>) {
        super(...args);
        w.workersStarted += 1;
      }
    };
  });
  return () => page.evaluate(() => (window as unknown as { workersStarted: number }).workersStarted);
}

/** Plays an imported game through the host, as the app does, until the emulator draws; then leaves. */
async function playImported(game: LocalGames['list'][number]): Promise<void> {
  const { romMd5, gameId, gameName, coverImage, emuName, coreName } = game;
  await hostCall('startGame', { romMd5, gameId, gameName, coverImage, emuName, coreName });
  const player = page.locator('.ph-player');
  await player.waitFor();
  await waitForFirstFrame(page);
  await player.getByRole('button', { name: 'Back', exact: true }).click();
  await player.waitFor({ state: 'detached' });
}

function expectImportedAsGenerated(
  local: LocalGames,
  icons: Record<string, string>,
  storage: 'handle' | 'copy',
) {
  expect(local.total).toBe(rom.found);
  const byPath = Object.fromEntries(local.list.map((g) => [g.path, g]));
  expect(Object.keys(byPath).sort()).toEqual(Object.keys(rom.names).sort());
  for (const [p, name] of Object.entries(rom.names)) {
    const game = byPath[p]!;
    expect(game.gameName, p).toBe(name);
    // The cover is the emulator's icon, matched or not (docs/product/games-library-and-player.md#rom-import).
    expect(game.coverImage, p).toBe(icons[game.emuName]);
    expect(game.storage, p).toBe(storage);
  }
  expect(local.list.filter((g) => g.gameId !== null)).toHaveLength(rom.matched);
  const edited = byPath['nes/hacks/ember-cave-intro-hack.nes']!;
  const zipped = byPath['packs/bundle.zip/bundle/ember-cave.nes']!;
  // The edited header changes the file's MD5, not the image's: both are Ember Cave.
  expect(edited.romMd5).not.toBe(zipped.romMd5);
  expect(edited.romMd5Headerless).toBe(zipped.romMd5Headerless);
  expect(edited.gameId).toBe(zipped.gameId);
  expect(byPath['gb/mystery.gb']).toMatchObject({
    emuName: 'gb',
    coreName: 'gambatte',
    gameId: null,
    romMd5Headerless: null,
  });
  expect(byPath['md/prototype.md']).toMatchObject({ emuName: 'segaMD', coreName: 'genesis_plus_gx' });
}

describe('ROM directory import', () => {
  it('imports a picked directory with progress, matches the catalogue, and remembers it across a reload', async () => {
    const icons = await emulatorIcons();
    await openApp();
    await stubDirectoryPicker(page, 'My ROMs', rom.files);
    await recordPushes();

    const result = await hostCall<ImportGamesResult>('importGames', { action: 'pick' });
    expect(result).toEqual({
      directoryName: 'My ROMs',
      found: rom.found,
      imported: rom.found,
      matched: rom.matched,
      duplicates: 0,
      cancelled: false,
    });
    const seen = await pushes();
    const phases = [...new Set(seen.map((p) => p.phase))];
    expect(phases).toEqual(['scanning', 'hashing', 'matching', 'done']);
    // 5 ROM files and 2 zips to hash; the text file is not even looked at.
    expect(seen.find((p) => p.phase === 'hashing')).toMatchObject({ totalFiles: 7, secondsLeft: null });
    const total = rom.files.filter((f) => !f.path.endsWith('.txt')).reduce((s, f) => s + f.bytes.length, 0);
    expect(seen.at(-1)).toMatchObject({
      phase: 'done',
      files: 7,
      totalFiles: 7,
      bytes: total,
      totalBytes: total,
    });

    await page.reload();
    await expectScreenOnPage(page, 'game');
    const local = await hostCall<LocalGames>('getLocalGames', {});
    expectImportedAsGenerated(local, icons, 'handle');
    expect(local.directory).toMatchObject({ name: 'My ROMs', canRescan: true });

    // Paging, newest first.
    const page2 = await hostCall<LocalGames>('getLocalGames', { offset: 5, limit: 5 });
    expect(page2.list.map((g) => g.romMd5)).toEqual(local.list.slice(5).map((g) => g.romMd5));

    // Scanning again finds the same files: counted, not added twice.
    const again = await hostCall<ImportGamesResult>('importGames', { action: 'rescan' });
    expect(again).toMatchObject({ found: 7, imported: 0, duplicates: 7, matched: 4, cancelled: false });

    const forget = local.list.filter((g) => g.gameId === null).map((g) => g.romMd5);
    expect(await hostCall('removeLocalGames', { romMd5s: forget })).toEqual({ removed: 3 });
    const left = await hostCall<LocalGames>('getLocalGames', {});
    expect(left.total).toBe(4);
    expect(left.list.every((g) => g.gameId !== null)).toBe(true);
    // The member's files stay.
    const stillThere = await page.evaluate(async () => {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('My ROMs');
      return (await (await dir.getDirectoryHandle('gb')).getFileHandle('mystery.gb'))
        .getFile()
        .then((f) => f.size);
    });
    expect(stillThere).toBe(rom.files.find((f) => f.path === 'gb/mystery.gb')!.bytes.length);
  });

  it('answers cancelled when the member closes the picker', async () => {
    await openApp();
    await page.evaluate(() => {
      (window as unknown as { showDirectoryPicker: unknown }).showDirectoryPicker = () =>
        Promise.reject(new DOMException('The user aborted a request.', 'AbortError'));
    });
    const result = await hostCall<ImportGamesResult>('importGames', { action: 'pick' });
    expect(result).toMatchObject({ cancelled: true, found: 0 });
    expect(await page.locator('.adm-toast-main').count()).toBe(0);

    // A picker that never answers (a file input without a `cancel` event) does not block the
    // next import: cancelling, or picking again, gives it up.
    const pending = await page.evaluate(async () => {
      (window as unknown as { showDirectoryPicker: unknown }).showDirectoryPicker = () =>
        new Promise(() => {});
      const host = (window as unknown as HostWindow).pixelhallHost;
      const first = host.call<ImportGamesResult>('importGames', { action: 'pick' });
      const second = host.call<ImportGamesResult>('importGames', { action: 'pick' });
      const cancel = host.call<ImportGamesResult>('importGames', { action: 'cancel' });
      return Promise.all([first, second, cancel]);
    });
    expect(pending.map((r) => r.cancelled)).toEqual([true, true, true]);
  });

  it('falls back to a directory file input and keeps copies in the origin-private file system', async () => {
    const icons = await emulatorIcons();
    await page.addInitScript(() => {
      delete (window as unknown as { showDirectoryPicker?: unknown }).showDirectoryPicker;
    });
    await openApp();
    const chooser = page.waitForEvent('filechooser');
    const call = hostCall<ImportGamesResult>('importGames', { action: 'pick' });
    const fileChooser = await chooser;
    expect(await fileChooser.element().getAttribute('webkitdirectory')).not.toBeNull();
    await fileChooser.setFiles(ROOT);
    expect(await call).toEqual({
      directoryName: 'My ROMs',
      found: rom.found,
      imported: rom.found,
      matched: rom.matched,
      duplicates: 0,
      cancelled: false,
    });

    await page.reload();
    await expectScreenOnPage(page, 'game');
    const local = await hostCall<LocalGames>('getLocalGames', {});
    expectImportedAsGenerated(local, icons, 'copy');
    // No handle to scan again: the member picks the directory again instead.
    expect(local.directory).toMatchObject({ name: 'My ROMs', canRescan: false });

    const zipped = local.list.find((g) => g.path === 'packs/bundle.zip/bundle/ember-cave.nes')!;
    const copySize = (md5: string) =>
      page.evaluate(async (name) => {
        const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('imports');
        return dir
          .getFileHandle(name)
          .then((h) => h.getFile())
          .then((f) => f.size)
          .catch(() => null);
      }, md5);
    expect(await copySize(zipped.romMd5)).toBe(zipped.size);
    expect(await hostCall('removeLocalGames', { romMd5s: [zipped.romMd5] })).toEqual({ removed: 1 });
    expect(await copySize(zipped.romMd5)).toBeNull();
  });

  it('cancels an import mid-way and keeps what was hashed', async () => {
    await openApp();
    // 48 files of 8 MB, written in the page: hashing them takes long enough to stop halfway
    // even on a fast machine (the first progress push after the start comes 250 ms in).
    await page.evaluate(async () => {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('Big ROMs', {
        create: true,
      });
      const chunk = new Uint8Array(8 * 1024 * 1024);
      for (let i = 0; i < 48; i += 1) {
        chunk.fill(i);
        chunk[0] = 0xab;
        const writable = await (await dir.getFileHandle(`big-${i}.gba`, { create: true })).createWritable();
        await writable.write(chunk);
        await writable.close();
      }
      (window as unknown as { showDirectoryPicker: unknown }).showDirectoryPicker = async () => dir;
    });
    await recordPushes();
    const result = await page.evaluate(
      () =>
        new Promise<ImportGamesResult>((resolve, reject) => {
          const host = (window as unknown as HostWindow).pixelhallHost;
          let asked = false;
          host.on<ImportProgress>('importProgress', (p) => {
            if (!asked && p.phase === 'hashing' && p.files >= 1) {
              asked = true;
              void host.call('importGames', { action: 'cancel' });
            }
          });
          host.call<ImportGamesResult>('importGames', { action: 'pick' }).then(resolve, reject);
        }),
    );
    expect(result.cancelled).toBe(true);
    expect(result.found).toBeGreaterThanOrEqual(1);
    expect(result.found).toBeLessThan(48);
    expect(result.imported).toBe(result.found);
    const seen = await pushes();
    expect(seen.at(-1)?.phase).toBe('cancelled');
    const local = await hostCall<LocalGames>('getLocalGames', {});
    expect(local.total).toBe(result.found);
    // Time is the subject: nothing keeps hashing after the answer.
    const count = seen.length;
    await page.waitForTimeout(500);
    expect((await pushes()).length).toBe(count);
  });
  it('plays an imported ROM from the picked directory, and one inside a zip', async () => {
    await openApp();
    await stubDirectoryPicker(page, 'Play ROMs', rom.files);
    expect(await hostCall<ImportGamesResult>('importGames', { action: 'pick' })).toMatchObject({
      imported: rom.found,
    });
    const { list } = await hostCall<LocalGames>('getLocalGames', {});
    const byPath = Object.fromEntries(list.map((g) => [g.path, g]));
    // Read through the kept file handle, and inflated out of its archive.
    await playImported(byPath['nes/tile-garden.nes']!);
    await playImported(byPath['packs/bundle.zip/bundle/ember-cave.nes']!);
  });

  it('rescans without hashing unchanged files, follows moved ones and forgets gone ones', async () => {
    await openApp();
    await stubDirectoryPicker(page, 'Rescan ROMs', rom.files);
    await hostCall<ImportGamesResult>('importGames', { action: 'pick' });
    const before = await hostCall<LocalGames>('getLocalGames', {});
    const workers = await countWorkers();

    // Nothing changed: nothing is read again, and the progress still covers the directory.
    await recordPushes();
    expect(await hostCall<ImportGamesResult>('importGames', { action: 'rescan' })).toEqual({
      directoryName: 'Rescan ROMs',
      found: 7,
      imported: 0,
      matched: 4,
      duplicates: 7,
      cancelled: false,
    });
    expect(await workers()).toBe(0);
    const seen = await pushes();
    expect([...new Set(seen.map((p) => p.phase))]).toEqual(['scanning', 'hashing', 'matching', 'done']);
    expect(seen.find((p) => p.phase === 'hashing')).toMatchObject({ files: 7, totalFiles: 7 });

    // The member edits one cartridge, moves another and deletes the zip of two.
    const file = (p: string) => rom.files.find((f) => f.path === p)!.bytes;
    const edited = Buffer.from(file('gb/mystery.gb'));
    edited[0x150] = (edited[0x150]! + 1) & 0xff;
    await editDirectory('Rescan ROMs', {
      write: [
        { path: 'gb/mystery.gb', base64: edited.toString('base64') },
        { path: 'nes/moved/tile-garden.nes', base64: file('nes/tile-garden.nes').toString('base64') },
      ],
      remove: ['nes/tile-garden.nes', 'packs/bundle.zip'],
    });
    await recordPushes();
    expect(await hostCall<ImportGamesResult>('importGames', { action: 'rescan' })).toEqual({
      directoryName: 'Rescan ROMs',
      found: 5,
      imported: 1,
      matched: 3,
      duplicates: 4,
      cancelled: false,
    });
    expect(await workers()).toBeGreaterThan(0);
    // Neon Drift, the edited Ember Cave, the prototype and the ROM-less zip were not hashed again.
    expect((await pushes()).find((p) => p.phase === 'hashing')).toMatchObject({ files: 4, totalFiles: 6 });

    const after = await hostCall<LocalGames>('getLocalGames', {});
    const paths = after.list.map((g) => g.path).sort();
    expect(paths).toEqual([
      'gb/mystery.gb',
      'md/prototype.md',
      'nes/Neon Drift.NES',
      'nes/hacks/ember-cave-intro-hack.nes',
      'nes/moved/tile-garden.nes',
    ]);
    const was = (p: string) => before.list.find((g) => g.path === p)!;
    const now = (p: string) => after.list.find((g) => g.path === p)!;
    // The moved file is the same game, still playable from where it is now.
    expect(now('nes/moved/tile-garden.nes')).toMatchObject({
      romMd5: was('nes/tile-garden.nes').romMd5,
      gameId: was('nes/tile-garden.nes').gameId,
      importedAt: was('nes/tile-garden.nes').importedAt,
    });
    expect(now('gb/mystery.gb').romMd5).not.toBe(was('gb/mystery.gb').romMd5);
    await playImported(now('nes/moved/tile-garden.nes'));
  });

  it('remembers the files unmatched when the catalogue cannot be reached, and matches them on the next start', async () => {
    await openApp();
    await stubDirectoryPicker(page, 'Offline ROMs', rom.files);
    await page.route('**/game/romMatch', (route) => route.abort('internetdisconnected'));
    expect(await hostCall<ImportGamesResult>('importGames', { action: 'pick' })).toEqual({
      directoryName: 'Offline ROMs',
      found: rom.found,
      imported: rom.found,
      matched: 0,
      duplicates: 0,
      cancelled: false,
    });
    const offline = await hostCall<LocalGames>('getLocalGames', {});
    expect(offline.total).toBe(rom.found);
    expect(offline.list.every((g) => g.gameId === null)).toBe(true);
    expect(offline.list.find((g) => g.path === 'nes/tile-garden.nes')?.gameName).toBe('tile-garden');

    // Back online, the app starts again: the list answers with the catalogue's names.
    await page.unroute('**/game/romMatch');
    await page.reload();
    await expectScreenOnPage(page, 'game');
    const online = await hostCall<LocalGames>('getLocalGames', {});
    expectImportedAsGenerated(online, await emulatorIcons(), 'handle');
  });
});
