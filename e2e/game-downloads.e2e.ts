import { createHash } from 'node:crypto';
import { endpoints, type Game } from '@pixelhall/contract';
import type { DownloadProgress, GameRomList, LocalGame } from '@pixelhall/contract/host';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { open } from './support/app';
import { usePhone } from './support/browser';
import { gameApi, type HostBridge, pageUi, throttle } from './support/page-ui';

/** The host bridge, with the `progress` pushes this journey records. */
interface HostWindow extends HostBridge {
  pushes: DownloadProgress[];
}

let page: Page;
usePhone((p) => {
  page = p;
});

const { host, until } = pageUi(() => page);

/** Records the host's `progress` pushes in the page (again after each reload). */
async function recordPushes(): Promise<void> {
  await page.waitForFunction(() => Boolean((window as unknown as Partial<HostWindow>).pixelhallHost));
  await page.evaluate(() => {
    const w = window as unknown as HostWindow;
    w.pushes = [];
    w.pixelhallHost.on<DownloadProgress>('progress', (p) => w.pushes.push(p));
  });
}
const pushes = (gameId: number) =>
  page.evaluate((id) => (window as unknown as HostWindow).pushes.filter((p) => p.gameId === id), gameId);

const info = (gameId: number) => host<LocalGame | null>('getGameRomInfo', { gameId });

/** The ROM's bytes in the origin-private file system, or null when there is no file. */
async function opfsMd5(romMd5: string): Promise<string | null> {
  const bytes = await page.evaluate(async (name) => {
    try {
      const root = await navigator.storage.getDirectory();
      const dir = await root.getDirectoryHandle('downloads');
      const file = await (await dir.getFileHandle(name)).getFile();
      return [...new Uint8Array(await file.arrayBuffer())];
    } catch {
      return null;
    }
  }, romMd5);
  return bytes ? createHash('md5').update(Buffer.from(bytes)).digest('hex') : null;
}

/** `download/game` for a catalogue game, then the host's `start` with its answer. */
async function startDownload(game: Game): Promise<LocalGame> {
  const address = await gameApi(endpoints.games.downloadGame, { id: game.id });
  return host<LocalGame>('start', {
    gameId: game.id,
    romMd5: address.rom_md5,
    emuName: game.emulator_type,
    coreName: cores.get(game.emulator_type) ?? '',
    gameName: game.game_name,
    coverImage: game.icon_image,
    url: address.url,
    fileName: address.rom_name,
    size: address.size,
  });
}

let games: Game[];
let cores: Map<string, string>;
beforeAll(async () => {
  const list = await gameApi(endpoints.games.gameList, { num: 100 });
  const conditions = await gameApi(endpoints.games.conditionOpt, {});
  cores = new Map(conditions.emulator_type.map((e) => [e.emulator_uid, e.core_name]));
  // Biggest first: they take longest at a throttled speed, leaving room to pause mid-way.
  games = [...list.list].sort((a, b) => b.size - a.size);
  expect(games.length).toBeGreaterThanOrEqual(6);
});

describe('game downloads in the web host', () => {
  let romResponses: { status: number; range: string | undefined }[];
  beforeEach(async () => {
    romResponses = [];
    page.on('response', (response) => {
      if (response.url().includes('/upload/roms/')) {
        romResponses.push({ status: response.status(), range: response.request().headers().range });
      }
    });
    await open(page, '/me');
    await recordPushes();
  });

  it('pauses, resumes by Range, carries on by itself after a reload and stores the right bytes', async () => {
    const game = games[0]!;
    await throttle(page, Math.max(4096, Math.floor(game.size / 12)));

    const started = await startDownload(game);
    expect(started).toMatchObject({ gameId: game.id, status: 'not-started', receivedBytes: 0 });
    await until(
      () => pushes(game.id),
      (list) => list.some((p) => p.status === 'downloading' && p.receivedBytes > 0 && p.speedBytes > 0),
    );

    const paused = await host<LocalGame>('pause', { gameId: game.id });
    expect(paused.status).toBe('paused');
    expect(paused.speedBytes).toBe(0);
    expect(paused.receivedBytes).toBeGreaterThan(0);
    expect(paused.receivedBytes).toBeLessThan(game.size);
    const pausedPush = (await pushes(game.id)).at(-1)!;
    expect(pausedPush).toMatchObject({ status: 'paused', speedBytes: 0 });
    // Time is the subject: nothing moves while paused.
    await page.waitForTimeout(600);
    expect((await info(game.id))?.receivedBytes).toBe(paused.receivedBytes);
    expect((await pushes(game.id)).at(-1)?.status).toBe('paused');

    const resumed = await host<LocalGame>('resume', { gameId: game.id });
    expect(['not-started', 'downloading']).toContain(resumed.status);
    const afterResume = await until(
      () => pushes(game.id),
      (list) =>
        list.some((p, i) => i > 0 && p.status === 'downloading' && p.receivedBytes > paused.receivedBytes),
    );
    const statuses = afterResume.map((p) => p.status);
    expect(statuses.slice(statuses.indexOf('paused'))).toEqual(
      expect.arrayContaining(['paused', 'not-started', 'downloading']),
    );
    expect(romResponses).toContainEqual({ status: 206, range: `bytes=${paused.receivedBytes}-` });

    // Reload in the middle: the next page start picks the download up without being asked.
    expect((await info(game.id))?.status).toBe('downloading');
    const beforeReload = romResponses.length;
    await page.reload();
    await until(
      async () => romResponses.length,
      (n) => n > beforeReload,
    );
    expect(romResponses.at(-1)?.status).toBe(206);
    expect(romResponses.at(-1)?.range).toMatch(/^bytes=\d+-$/);
    await throttle(page, -1);
    const done = await until(
      () => info(game.id),
      (g) => g?.status === 'downloaded',
    );
    expect(done).toMatchObject({ receivedBytes: game.size, progress: 100, speedBytes: 0, error: null });
    expect(await opfsMd5(game.rom_md5)).toBe(game.rom_md5);
  });

  it('queues past two, lists in pages, looks games up, cancels, removes and clears', async () => {
    const three = games.slice(1, 4);
    await throttle(page, 2048);
    for (const game of three) await startDownload(game);
    const running = await until(
      () => Promise.all(three.map((g) => info(g.id))),
      (list) => list.filter((g) => g?.status === 'downloading').length === 2,
    );
    // One or two at a time: the third waits.
    expect(running.map((g) => g?.status).sort()).toEqual(['downloading', 'downloading', 'not-started']);

    const first = await host<GameRomList>('getGameRomList', { offset: 0, limit: 2 });
    const second = await host<GameRomList>('getGameRomList', {
      offset: 2,
      limit: 2,
    });
    expect(first.total).toBe(3);
    // Newest first.
    expect([...first.list, ...second.list].map((g) => g.gameId)).toEqual([
      three[2]!.id,
      three[1]!.id,
      three[0]!.id,
    ]);
    expect(
      (await host<{ total: number }>('getGameRomList', { offset: 0, limit: 10, status: 'downloaded' })).total,
    ).toBe(0);
    expect(await host<LocalGame | null>('getGameRomInfo', { romMd5: three[1]!.rom_md5 })).toMatchObject({
      gameId: three[1]!.id,
    });

    // Cancel: the entry and its partial bytes are gone.
    const cancelled = three[0]!;
    await until(
      () => opfsMd5(cancelled.rom_md5),
      (md5) => md5 !== null,
    );
    await host('cancel', { gameId: cancelled.id });
    expect(await info(cancelled.id)).toBeNull();
    expect(await opfsMd5(cancelled.rom_md5)).toBeNull();

    // Let the other two finish, then remove one and clear the other.
    await throttle(page, -1);
    for (const game of three.slice(1)) {
      await until(
        () => info(game.id),
        (g) => g?.status === 'downloaded',
      );
      expect(await opfsMd5(game.rom_md5)).toBe(game.rom_md5);
    }
    const downloaded = await host<GameRomList>('getGameRomList', {
      offset: 0,
      limit: 10,
      status: 'downloaded',
    });
    expect(downloaded.total).toBe(2);

    await host('remove', { gameId: three[1]!.id });
    expect(await info(three[1]!.id)).toBeNull();
    expect(await opfsMd5(three[1]!.rom_md5)).toBeNull();

    // A paused entry and a downloaded one: clearing the downloading list leaves the downloaded.
    await throttle(page, 2048);
    await startDownload(games[4]!);
    await until(
      () => info(games[4]!.id),
      (g) => (g?.receivedBytes ?? 0) > 0,
    );
    await host('pause', { gameId: games[4]!.id });
    expect(await host('clear', { status: 'downloading' })).toEqual({ removed: 1 });
    expect(await info(games[4]!.id)).toBeNull();
    expect(await info(three[2]!.id)).toMatchObject({ status: 'downloaded' });
    expect(await host('clear', {})).toEqual({ removed: 1 });
    expect(await opfsMd5(three[2]!.rom_md5)).toBeNull();
    expect(await host('getGameRomList', { offset: 0, limit: 10 })).toEqual({ list: [], total: 0 });
  });

  it('says "Out of string space" when the device has no room left, at the start or mid-way', async () => {
    const game = games[4]!;
    const origin = new URL(page.url()).origin;
    const used = () => page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
    const cdp = await page.context().newCDPSession(page);
    // Chromium's quota for this origin, as on a phone whose storage is full; none given: its own.
    const quota = (quotaSize?: number) => cdp.send('Storage.overrideQuotaForOrigin', { origin, quotaSize });
    try {
      // Less room than the origin already uses: no write at all goes through.
      await quota(1);
      await expect(startDownload(game)).rejects.toThrow('Out of string space');
      await quota();

      // Mid-way: the ROM's bytes arrive slowly, and the room runs out under them.
      await throttle(page, 4 * 1024);
      await startDownload(game);
      await until(
        () => info(game.id),
        (g) => g?.status === 'downloading' && g.receivedBytes > 0,
      );
      await quota((await used()) + 1024);
      const failed = await until(
        () => info(game.id),
        (g) => g?.status === 'failed',
      );
      expect(failed?.error).toBe('Out of string space');
      expect((await pushes(game.id)).at(-1)).toMatchObject({
        status: 'failed',
        error: 'Out of string space',
      });
    } finally {
      await quota();
      await cdp.detach();
      await throttle(page, -1);
    }
    // With room again, Resume finishes it.
    await host('resume', { gameId: game.id });
    await until(
      () => info(game.id),
      (g) => g?.status === 'downloaded',
    );
    expect(await opfsMd5(game.rom_md5)).toBe(game.rom_md5);
  });

  it('retries a dropped connection, and fails a damaged file with a message', async () => {
    const game = games[5]!;
    let dropped = 0;
    await page.route('**/upload/roms/**', async (route) => {
      if (dropped < 2) {
        dropped += 1;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await startDownload(game);
    expect(
      await until(
        () => info(game.id),
        (g) => g?.status === 'downloaded',
      ),
    ).toMatchObject({ receivedBytes: game.size });
    expect(dropped).toBe(2);
    await host('remove', { gameId: game.id });

    await page.unroute('**/upload/roms/**');
    await page.route('**/upload/roms/**', (route) =>
      route.fulfill({ status: 200, body: Buffer.alloc(game.size, 0x42), headers: { etag: '"x"' } }),
    );
    await startDownload(game);
    const failed = await until(
      () => info(game.id),
      (g) => g?.status === 'failed',
    );
    expect(failed?.error).toBe('The downloaded file is damaged. Please download it again.');
    expect((await pushes(game.id)).at(-1)).toMatchObject({ status: 'failed', error: failed?.error });
    // Resume retries it (and fetches it properly once the server sends the right bytes).
    await page.unroute('**/upload/roms/**');
    await host('resume', { gameId: game.id });
    await until(
      () => info(game.id),
      (g) => g?.status === 'downloaded',
    );
    expect(await opfsMd5(game.rom_md5)).toBe(game.rom_md5);
  });
});
