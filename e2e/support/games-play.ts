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
  pixelhallHost: {
    call(call: string, payload?: unknown): Promise<unknown>;
    on(event: string, listener: (data: never) => void): () => void;
  };
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
  // The download's own `progress` push says when it is done; a game already on the device (from
  // an earlier journey) sends none, so its state is read once the start is answered.
  await page.waitForFunction(() => 'pixelhallHost' in window);
  const status = await page.evaluate(
    ([start, limit]) =>
      new Promise<string>((resolve, reject) => {
        const host = (window as unknown as HostWindow).pixelhallHost;
        let last = 'not started';
        let stop = () => {};
        const finish = (status: string) => {
          stop();
          resolve(status);
        };
        stop = host.on('progress', (p: { gameId: number; status: string; error: string | null }) => {
          if (p.gameId !== start.gameId) return;
          last = p.error ? `${p.status}: ${p.error}` : p.status;
          if (p.status === 'downloaded' || p.status === 'failed') finish(last);
        });
        setTimeout(() => finish(last), limit);
        host.call('start', start).then(async () => {
          const info = (await host.call('getGameRomInfo', { gameId: start.gameId })) as {
            status: string;
          } | null;
          if (info?.status === 'downloaded') finish(info.status);
        }, reject);
      }),
    [{ ...playable, url: download.url, fileName: download.rom_name, size: download.size }, 30_000] as const,
  );
  if (status !== 'downloaded') throw new Error(`${name} did not download: ${status}`);
  return playable;
}

/** A drawn picture's signature: its colours counted and its pixels hashed. */
export interface FrameSignature {
  colours: number;
  hash: number;
}

/**
 * How long the picture must not change to hold still. A game in play changes it every few frames
 * (a scroll may move a pixel every other frame), so two frames running are not enough.
 */
const STILL_MS = 100;

/**
 * Waits until the game shows a drawn picture that holds still for `STILL_MS`, and answers its
 * signature. Watched in the page on drawn frames: the emulator canvas is copied inside an
 * animation frame (a WebGL canvas is readable only then) and a frame with one colour all over
 * (nothing drawn in it) does not count.
 */
export async function waitForSteadyFrame(page: Page, timeoutMs = 30_000): Promise<FrameSignature> {
  const steady = await page.evaluate(
    ([limit, stillMs]) =>
      new Promise<FrameSignature | null>((resolve) => {
        const until = performance.now() + limit;
        const copy = document.createElement('canvas');
        const ctx = copy.getContext('2d', { willReadFrequently: true });
        let held: { frame: FrameSignature; since: number } | null = null;
        const sign = (): FrameSignature | null => {
          const canvas = document.querySelector<HTMLCanvasElement>('.ph-player canvas.ejs_canvas');
          if (!ctx || !canvas?.width || !canvas.height) return null;
          copy.width = 256;
          copy.height = Math.round((canvas.height / canvas.width) * 256);
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
          return colours.size > 2 ? { colours: colours.size, hash } : null;
        };
        const check = () => {
          const frame = sign();
          const now = performance.now();
          if (frame && held?.frame.hash === frame.hash) {
            if (now - held.since >= stillMs) return resolve(frame);
          } else if (frame) held = { frame, since: now };
          if (now > until) return resolve(null);
          // Looked at again a few frames on: the game keeps the main thread it shares with this.
          setTimeout(nextFrame, stillMs / 4);
        };
        // Asked for from a task (not from inside a frame callback), the next frame's check runs
        // after the emulator's own frame callback, which drew the picture.
        const nextFrame = () => requestAnimationFrame(check);
        nextFrame();
      }),
    [timeoutMs, STILL_MS] as const,
  );
  if (!steady) throw new Error('the game drew no steady picture');
  return steady;
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
