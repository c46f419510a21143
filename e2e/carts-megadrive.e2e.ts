import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhone } from './support/browser';
import { bootSeededCart, heard } from './support/cart-boot';
import { holdButton, loudestSample, type PadButton } from './support/game-pad';
import { waitForSteadyFrame } from './support/games-play';
import { until } from './support/until';

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
 * The picture of the next frame the emulator draws: a WebGL canvas is readable only inside the
 * animation frame it was drawn in, and a frame all one colour (nothing drawn in it) does not
 * count. In portrait the picture fills the canvas's width at its top, 4:3; x and y are fractions
 * of the picture.
 */
async function look(): Promise<Look> {
  const seen = await page.evaluate(
    (limit) =>
      new Promise<Look | null>((resolve) => {
        const until = performance.now() + limit;
        const copy = document.createElement('canvas');
        copy.width = 320;
        copy.height = 240;
        const ctx = copy.getContext('2d', { willReadFrequently: true });
        const read = (): Look | null => {
          const canvas = document.querySelector<HTMLCanvasElement>('.ph-player canvas.ejs_canvas');
          if (!canvas?.width || !ctx) return null;
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
          if (colours.size < 3) return null;
          return { red, x: red ? sx / red / 320 : -1, y: red ? sy / red / 240 : -1, hash, corner };
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
    10_000,
  );
  if (!seen) throw new Error('no picture to look at');
  return seen;
}

/** Looks until `test` holds, or fails with `what`. */
const lookUntil = (what: string, test: (l: Look) => boolean, timeout?: number) =>
  until(look, test, { what, timeout });

describe('the Mega Drive carts', () => {
  it('a demo cart: the D-pad steers the spark, a button recolours it and beeps, and no input keeps it still', async () => {
    await boot('Chrome Runner');
    const still = await look();
    expect(still.red).toBeGreaterThan(20);
    // Time is the subject: with no input, nothing moves for a while.
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
    // Time is the subject: nothing sounds for a while before a button.
    await page.waitForTimeout(500);
    expect(await loudestSample(page), 'no sound before a button').toBeLessThan(0.01);
    await hold('b');
    await lookUntil('the spark in its other palette', (l) => l.red === 0);
    await heard(page, 0.05, 'the beep');
    await hold('b');
    await lookUntil('the red spark back', (l) => l.red === up.red);
    expect(errors).toEqual([]);
  });

  it('Thunder Alley: Start races, the pad steers, passing cars scores, a crash ends it and Start races again', async () => {
    await boot('Thunder Alley');
    const title = await look();
    expect(title.red, 'no car on the title screen').toBe(0);
    // Time is the subject: the title waits for Start however long it is shown.
    await page.waitForTimeout(1000);
    expect((await look()).hash, 'the title screen waits for Start').toBe(title.hash);

    for (let race = 1; ; race += 1) {
      await loudestSample(page);
      await hold('start');
      const start = await lookUntil('the player car', (l) => l.red > 20);
      // The road scrolls and the traffic comes on with no input.
      await lookUntil('the road to move', (l) => l.hash !== start.hash);
      await hold('left', 300);
      const left = await lookUntil('the car to steer left', (l) => l.x < start.x - 0.02);
      await hold('right', 300);
      await lookUntil('the car to steer right', (l) => l.x > left.x + 0.02);

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
      const again = await lookUntil('the race to restart', (l) => l.red > 20 && l.hash !== end.hash);
      expect(again.corner).toBe(start.corner);
      await lookUntil('the road to move again', (l) => l.hash !== again.hash);
      break;
    }
    expect(errors).toEqual([]);
  }, 120_000);
});
