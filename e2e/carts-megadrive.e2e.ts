import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhone } from './support/browser';
import { bootSeededCart } from './support/cart-boot';
import { holdButton, loudestSample, type PadButton } from './support/game-pad';
import { waitForSteadyFrame } from './support/games-play';

let page: Page;
let errors: string[];
usePhone((p) => {
  page = p;
  errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
});

const boot = (name: string) => bootSeededCart(page, name, 'genesis_plus_gx');

/** Holds a pad button (EmulatorJS's keyboard map: `PAD_KEYS`; the pad's B is the keyboard's X). */
const hold = (button: PadButton, ms = 150) => holdButton(page, button, ms);

interface Look {
  /** Pixels of the sprites' red (palette 1's body colour, in no background), and their centre. */
  red: number;
  x: number;
  y: number;
  /** Hashes of the whole picture and of its top-left corner, where the race keeps its score. */
  hash: number;
  corner: number;
}

/**
 * Reads the picture. The WebGL canvas is readable only in the frame the emulator drew it, which a
 * frame now and then misses: such a read (one colour all over) is tried again. In portrait the
 * picture fills the canvas's width at its top, 4:3; x and y are fractions of the picture.
 */
async function look(): Promise<Look> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const seen = await read();
    if (seen) return seen;
    await page.waitForTimeout(20);
  }
  throw new Error('no picture to look at');
}

function read(): Promise<Look | null> {
  return page.evaluate(
    () =>
      new Promise<Look | null>((resolve) => {
        requestAnimationFrame(() => {
          const canvas = document.querySelector<HTMLCanvasElement>('.ph-player canvas.ejs_canvas');
          const copy = document.createElement('canvas');
          copy.width = 320;
          copy.height = 240;
          const ctx = copy.getContext('2d', { willReadFrequently: true });
          if (!canvas?.width || !ctx) return resolve(null);
          ctx.imageSmoothingEnabled = false;
          ctx.drawImage(canvas, 0, 0, canvas.width, (canvas.width * 3) / 4, 0, 0, 320, 240);
          const px = ctx.getImageData(0, 0, 320, 240).data;
          let red = 0;
          let sx = 0;
          let sy = 0;
          let hash = 0;
          let corner = 0;
          const colours = new Set<number>();
          for (let i = 0; i < px.length; i += 4) {
            const [r, g, b] = [px[i]!, px[i + 1]!, px[i + 2]!];
            const x = (i / 4) % 320;
            const y = Math.floor(i / 4 / 320);
            const rgb = (r << 16) | (g << 8) | b;
            hash = (Math.imul(hash, 31) + rgb) | 0;
            colours.add(rgb);
            // The score's label and digits: cells 2–5 of the rows 1–2 of 28.
            if (x >= 8 && x < 96 && y >= 6 && y < 28) corner = (Math.imul(corner, 31) + rgb) | 0;
            if (r > 200 && g < 80 && b < 80) {
              red += 1;
              sx += x;
              sy += y;
            }
          }
          if (colours.size < 3) return resolve(null);
          resolve({ red, x: red ? sx / red / 320 : -1, y: red ? sy / red / 240 : -1, hash, corner });
        });
      }),
  );
}

/** Waits until `test` holds for a look, or fails with `what` after `timeoutMs`. */
async function until(what: string, test: (l: Look) => boolean, timeoutMs = 20_000): Promise<Look> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const now = await look();
    if (test(now)) return now;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await page.waitForTimeout(100);
  }
}

describe('the Mega Drive carts', () => {
  it('a demo cart: the D-pad steers the spark, a button recolours it and beeps, and no input keeps it still', async () => {
    await boot('Chrome Runner');
    const still = await look();
    expect(still.red).toBeGreaterThan(20);
    await page.waitForTimeout(1000);
    expect((await look()).hash, 'nothing moves without input').toBe(still.hash);

    await hold('right', 500);
    await waitForSteadyFrame(page);
    const right = await look();
    expect(right.x).toBeGreaterThan(still.x + 0.05);
    expect(right.y).toBeCloseTo(still.y, 2);
    await hold('up', 500);
    await waitForSteadyFrame(page);
    const up = await look();
    expect(up.y).toBeLessThan(right.y - 0.05);
    expect(up.x).toBeCloseTo(right.x, 2);

    // B: the spark takes the other palette (no red left) and the PSG beeps; B again swaps back.
    await loudestSample(page);
    await page.waitForTimeout(500);
    expect(await loudestSample(page), 'no sound before a button').toBeLessThan(0.01);
    await hold('b');
    await waitForSteadyFrame(page);
    expect((await look()).red).toBe(0);
    await page.waitForTimeout(500);
    expect(await loudestSample(page), 'the beep').toBeGreaterThan(0.05);
    await hold('b');
    await until('the red spark back', (l) => l.red === up.red);
    expect(errors).toEqual([]);
  });

  it('Thunder Alley: Start races, the pad steers, passing cars scores, a crash ends it and Start races again', async () => {
    await boot('Thunder Alley');
    const title = await look();
    expect(title.red, 'no car on the title screen').toBe(0);
    await page.waitForTimeout(1000);
    expect((await look()).hash, 'the title screen waits for Start').toBe(title.hash);

    for (let race = 1; ; race += 1) {
      await loudestSample(page);
      await hold('start');
      const start = await until('the player car', (l) => l.red > 20);
      // The road scrolls and the traffic comes on with no input.
      await until('the road to move', (l) => l.hash !== start.hash, 2000);
      await hold('left', 300);
      const left = await look();
      expect(left.x).toBeLessThan(start.x - 0.02);
      await hold('right', 300);
      expect((await look()).x).toBeGreaterThan(left.x + 0.02);

      // Then it drives straight on until a car hits it: everything stops, GAME OVER shows.
      const over = await waitForSteadyFrame(page, 90_000);
      const end = await look();
      expect(end.hash).toBe((await look()).hash);
      expect(over.colours).toBeGreaterThan(4);
      if (end.corner === start.corner) {
        // Hit by the very first car, before any score: race again for a score to see.
        expect(race, 'a race that scores within five').toBeLessThan(5);
        continue;
      }
      expect(await loudestSample(page), 'the blips, the crash').toBeGreaterThan(0.05);
      // Start again: the score is back to 0000 and the road moves.
      await hold('start');
      const again = await until('the race to restart', (l) => l.red > 20 && l.hash !== end.hash);
      expect(again.corner).toBe(start.corner);
      await until('the road to move again', (l) => l.hash !== again.hash, 2000);
      break;
    }
    expect(errors).toEqual([]);
  }, 120_000);
});
