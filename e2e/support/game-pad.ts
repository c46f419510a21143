import type { Page } from 'playwright-core';

/**
 * Playing a running game from a journey: pressing its pad through EmulatorJS's default keyboard
 * map, reading its picture pixel by pixel, and hearing whether it makes a sound. No vitest here,
 * so a bench or a screenshot script can use it too.
 */

/** EmulatorJS's default keys for player 1 (its `defaultControllers`). */
export const PAD_KEYS = {
  up: 'ArrowUp',
  down: 'ArrowDown',
  left: 'ArrowLeft',
  right: 'ArrowRight',
  a: 'z',
  b: 'x',
  start: 'Enter',
  select: 'v',
} as const;

export type PadButton = keyof typeof PAD_KEYS;

/** Gives the game the keyboard, as a tap on it would: EmulatorJS listens for keys on its own element. */
export async function focusGame(page: Page): Promise<void> {
  const focused = await page.evaluate(() => {
    const game = document.querySelector<HTMLElement>('.ph-player__emulator');
    game?.focus();
    return !!game && document.activeElement === game;
  });
  if (!focused) throw new Error('the game did not take the keyboard');
}

/** Holds a pad button for `ms` (the game has the keyboard: `focusGame`). */
export async function holdButton(page: Page, button: PadButton, ms: number): Promise<void> {
  await page.keyboard.down(PAD_KEYS[button]);
  // Time is the subject: how long the button stays down.
  await page.waitForTimeout(ms);
  await page.keyboard.up(PAD_KEYS[button]);
}

/** The console's own picture, `width`×`height` pixels, as one grey level (0–255) a pixel. */
export interface Picture {
  width: number;
  height: number;
  grey: number[];
}

/**
 * The game's picture at the console's resolution, from the next frame the emulator draws: a WebGL
 * canvas is readable only inside the animation frame it was drawn in, and a frame all one colour
 * (nothing drawn in it, or between two of a game's screens) does not count. In portrait RetroArch
 * fits the picture to the canvas's width, at the top.
 */
export async function pictureNow(
  page: Page,
  width: number,
  height: number,
  timeoutMs = 10_000,
): Promise<Picture> {
  const picture = await page.evaluate(
    ([w, h, limit]) =>
      new Promise<Picture | null>((resolve) => {
        const until = performance.now() + limit;
        const copy = document.createElement('canvas');
        copy.width = w;
        copy.height = h;
        const ctx = copy.getContext('2d', { willReadFrequently: true });
        const read = (): Picture | null => {
          const canvas = document.querySelector<HTMLCanvasElement>('.ph-player canvas.ejs_canvas');
          if (!ctx || !canvas?.width || !canvas.height) return null;
          ctx.imageSmoothingEnabled = false;
          const shown = Math.min(canvas.height, Math.round((canvas.width * h) / w));
          ctx.drawImage(canvas, 0, 0, canvas.width, shown, 0, 0, w, h);
          const pixels = ctx.getImageData(0, 0, w, h).data;
          const grey: number[] = [];
          for (let i = 0; i < pixels.length; i += 4)
            grey.push(Math.round((pixels[i]! + pixels[i + 1]! + pixels[i + 2]!) / 3));
          return grey.some((g) => g !== grey[0]) ? { width: w, height: h, grey } : null;
        };
        const check = () => {
          const drawn = read();
          if (drawn) return resolve(drawn);
          if (performance.now() > until) return resolve(null);
          setTimeout(nextFrame, 0);
        };
        // Asked for from a task (not from inside a frame callback), the next frame's check runs
        // after the emulator's own frame callback, which drew the picture.
        const nextFrame = () => requestAnimationFrame(check);
        nextFrame();
      }),
    [width, height, timeoutMs] as const,
  );
  if (!picture) throw new Error('the game shows nothing');
  return picture;
}

/** The smallest box holding every pixel that differs between two pictures, or null if none does. */
export function changedBox(
  before: Picture,
  after: Picture,
): { left: number; top: number; right: number; bottom: number; pixels: number } | null {
  let box: { left: number; top: number; right: number; bottom: number; pixels: number } | null = null;
  for (let y = 0; y < before.height; y += 1)
    for (let x = 0; x < before.width; x += 1) {
      const i = y * before.width + x;
      if (Math.abs(before.grey[i]! - after.grey[i]!) < 24) continue;
      box ??= { left: x, top: y, right: x, bottom: y, pixels: 0 };
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
      box.pixels += 1;
    }
  return box;
}

/**
 * Listens, from before the page loads, to every sound buffer the page plays (Emscripten's OpenAL
 * queues the core's audio as AudioBuffers) and keeps the loudest sample heard; `loudestSample`
 * reads it and starts over.
 */
export const LISTEN_TO_AUDIO = () => {
  const w = window as unknown as { __loudest: number };
  w.__loudest = 0;
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args: number[]) {
    const buffer = this.buffer;
    if (buffer)
      for (let c = 0; c < buffer.numberOfChannels; c += 1)
        for (const sample of buffer.getChannelData(c)) w.__loudest = Math.max(w.__loudest, Math.abs(sample));
    return start.apply(this, args as []);
  };
};

/** The loudest sample played since the last call (0 is silence, 1 full scale). */
export function loudestSample(page: Page): Promise<number> {
  return page.evaluate(() => {
    const w = window as unknown as { __loudest: number };
    const loudest = w.__loudest;
    w.__loudest = 0;
    return loudest;
  });
}
