import { endpoints } from '@pixelhall/contract';
import type { Page } from 'playwright-core';
import { callGame } from './game-api';

/**
 * Playing a seeded game in the browser: put its ROM on the device through the web host's own
 * download, start it, and read what the emulator draws. Shared by the play journey and
 * bench/boot; no vitest here, so the bench can use it.
 */

/** The page's host bridge (apps/web exposes it as `window.pixelhallHost`). */
export interface HostWindow {
  pixelhallHost: { call(call: string, payload?: unknown): Promise<unknown> };
}

/** Calls the web host in the page, as the app does. */
export async function hostCall(page: Page, call: string, payload: unknown): Promise<unknown> {
  // The app loads its host after the first screen: wait for the bridge to be there.
  await page.waitForFunction(() => 'pixelhallHost' in window);
  return page.evaluate(([c, p]) => (window as unknown as HostWindow).pixelhallHost.call(c, p), [
    call,
    payload,
  ] as const);
}

/** What `startGame` takes, for a seeded catalogue game. */
export interface PlayableGame {
  romMd5: string;
  gameId: number;
  gameName: string;
  coverImage: string;
  emuName: string;
  coreName: string;
}

/** Finds a seeded game by name and downloads its ROM in the page (the `start` host call). */
export async function downloadSeededGame(page: Page, baseUrl: string, name: string): Promise<PlayableGame> {
  const { list } = await callGame(baseUrl, endpoints.games.gameList, { keyword: name, page: 1, num: 5 });
  const game = list.find((g) => g.game_name === name);
  if (!game) throw new Error(`no seeded game ${name}`);
  const { emulator_type: emulators } = await callGame(baseUrl, endpoints.games.conditionOpt, {});
  const emulator = emulators.find((e) => e.emulator_uid === game.emulator_type);
  if (!emulator) throw new Error(`no emulator ${game.emulator_type}`);
  const download = await callGame(baseUrl, endpoints.games.downloadGame, { id: game.id });
  const playable: PlayableGame = {
    romMd5: download.rom_md5,
    gameId: game.id,
    gameName: game.game_name,
    coverImage: game.icon_image,
    emuName: emulator.emulator_uid,
    coreName: emulator.core_name,
  };
  await hostCall(page, 'start', {
    ...playable,
    url: download.url,
    fileName: download.rom_name,
    size: download.size,
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const info = (await hostCall(page, 'getGameRomInfo', { gameId: game.id })) as { status: string } | null;
    if (info?.status === 'downloaded') break;
    if (Date.now() > deadline) throw new Error(`${name} did not download: ${info?.status}`);
    await page.waitForTimeout(100);
  }
  return playable;
}

/**
 * A signature of the game's picture: the emulator canvas copied inside an animation frame (a
 * WebGL canvas is readable only then), its colours counted and its pixels hashed. Null while
 * nothing is drawn (no canvas yet, or one colour all over).
 */
export function frameSignature(page: Page): Promise<{ colours: number; hash: number } | null> {
  return page.evaluate(
    () =>
      new Promise<{ colours: number; hash: number } | null>((resolve) => {
        requestAnimationFrame(() => {
          const canvas = document.querySelector<HTMLCanvasElement>('.ph-player canvas.ejs_canvas');
          if (!canvas?.width || !canvas.height) return resolve(null);
          const copy = document.createElement('canvas');
          copy.width = 256;
          copy.height = Math.round((canvas.height / canvas.width) * 256);
          const ctx = copy.getContext('2d', { willReadFrequently: true });
          if (!ctx) return resolve(null);
          ctx.imageSmoothingEnabled = false;
          ctx.drawImage(canvas, 0, 0, copy.width, copy.height);
          const pixels = ctx.getImageData(0, 0, copy.width, copy.height).data;
          const colours = new Set<number>();
          let hash = 0;
          for (let i = 0; i < pixels.length; i += 4) {
            const rgb = (pixels[i]! << 16) | (pixels[i + 1]! << 8) | pixels[i + 2]!;
            colours.add(rgb);
            hash = (Math.imul(hash, 31) + rgb) | 0;
          }
          resolve(colours.size > 2 ? { colours: colours.size, hash } : null);
        });
      }),
  );
}

/** Waits until the game shows a drawn picture that holds still for two frames running. */
export async function waitForSteadyFrame(
  page: Page,
  timeoutMs = 30_000,
): Promise<{ colours: number; hash: number }> {
  const deadline = Date.now() + timeoutMs;
  let last: { colours: number; hash: number } | null = null;
  for (;;) {
    const now = await frameSignature(page);
    if (now && last && now.hash === last.hash) return now;
    last = now;
    if (Date.now() > deadline) throw new Error('the game drew no steady picture');
    await page.waitForTimeout(100);
  }
}

/**
 * Waits until the emulator's canvas shows more than one colour: the first drawn frame. Checked in
 * the page on every animation frame, so the moment is accurate to a frame.
 */
export async function waitForFirstFrame(page: Page, timeoutMs = 30_000): Promise<void> {
  const drawn = await page.evaluate(
    (limit) =>
      new Promise<boolean>((resolve) => {
        const until = performance.now() + limit;
        const copy = document.createElement('canvas');
        copy.width = 64;
        copy.height = 64;
        const ctx = copy.getContext('2d', { willReadFrequently: true });
        const check = () => {
          const canvas = document.querySelector<HTMLCanvasElement>('.ph-player canvas.ejs_canvas');
          if (ctx && canvas?.width) {
            ctx.drawImage(canvas, 0, 0, 64, 64);
            const px = ctx.getImageData(0, 0, 64, 64).data;
            for (let i = 4; i < px.length; i += 4) {
              if (px[i] !== px[0] || px[i + 1] !== px[1] || px[i + 2] !== px[2]) return resolve(true);
            }
          }
          if (performance.now() > until) return resolve(false);
          setTimeout(nextFrame, 0);
        };
        // A WebGL canvas is readable only in the frame it is drawn, after the emulator drew it:
        // asking for the next frame from a task (not from inside a frame callback) queues this
        // check behind the emulator's own frame callback.
        const nextFrame = () => requestAnimationFrame(check);
        nextFrame();
      }),
    timeoutMs,
  );
  if (!drawn) throw new Error('the game drew nothing');
}
