import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhone } from './support/browser';
import { bootSeededCart, heard } from './support/cart-boot';
import { changedBox, holdButton, loudestSample, type Picture, pictureNow } from './support/game-pad';
import { until, untilStill } from './support/until';

let page: Page;
let errors: string[];
usePhone((p) => {
  page = p;
  errors = [];
  page.on('pageerror', (err) => errors.push(err.message));
});

/**
 * The generated NES carts (seed games/nes-game.ts, nes-race.ts) on fceumm. The picture is read
 * 256 pixels wide, so x is the console's own; fceumm shows the picture at its pixel aspect and
 * without the top and bottom 8 lines, so y is only compared with y.
 */
const WIDTH = 256;
const HEIGHT = 240;

const boot = (name: string) => bootSeededCart(page, name, 'fceumm');

const picture = () => pictureNow(page, WIDTH, HEIGHT);

/** The picture once it holds still: the same in two reads 100 ms apart. */
const stillPicture = (timeout = 20_000) =>
  untilStill(picture, (a, b) => changedBox(a, b) === null, { apart: 100, timeout });

/** Rows `top`–`bottom` and columns `left`–`right` of a picture. */
function crop(p: Picture, box: { left: number; right: number; top: number; bottom: number }): Picture {
  const grey: number[] = [];
  for (let y = box.top; y <= box.bottom; y += 1)
    grey.push(...p.grey.slice(y * p.width + box.left, y * p.width + box.right + 1));
  return { width: box.right - box.left + 1, height: box.bottom - box.top + 1, grey };
}

/** The runs of rows with anything but the black road between columns `left` and `right`. */
function inkedRows(p: Picture, left: number, right: number): { top: number; bottom: number }[] {
  const runs: { top: number; bottom: number }[] = [];
  for (let y = 0; y < p.height; y += 1) {
    const row = p.grey.slice(y * p.width + left, y * p.width + right + 1);
    if (!row.some((g) => g > 40)) continue;
    const last = runs[runs.length - 1];
    if (last && last.bottom === y - 1) last.bottom = y;
    else runs.push({ top: y, bottom: y });
  }
  return runs;
}

/** The toys' sprite starts at x 120 and is 16 pixels wide (nes-game.ts TOY_START). */
const TOY_X = 120;
/** Neon Drift's road is x 64–191; your car starts at x 104 (nes-race.ts). */
const ROAD = { left: 64, right: 191 };
const CAR_X = 104;

describe('the NES carts', () => {
  it('a toy cart: the d-pad walks its sprite, A recolours it with a note, and no input keeps it still', async () => {
    await boot('Moonlit Ninja');
    const start = await stillPicture();
    await loudestSample(page);
    // Time is the subject: with no input, nothing moves and nothing sounds for a while.
    await page.waitForTimeout(1000);
    expect(changedBox(start, await picture()), 'nothing moves without input').toBeNull();
    expect(await loudestSample(page), 'no sound without input').toBeLessThan(0.01);

    await holdButton(page, 'right', 400);
    const right = await stillPicture();
    const moved = changedBox(start, right);
    // Only the sprite's band changed: from where it stood to well to the right of it.
    expect(moved).not.toBeNull();
    expect(moved!.left).toBe(TOY_X);
    expect(moved!.right).toBeGreaterThan(TOY_X + 16 + 16);
    expect(moved!.bottom - moved!.top).toBeLessThan(20);
    const spriteLeft = moved!.right - 15;

    await holdButton(page, 'up', 300);
    const up = await stillPicture();
    const climbed = changedBox(right, up);
    expect(climbed).not.toBeNull();
    expect(Math.abs(climbed!.left - spriteLeft)).toBeLessThanOrEqual(1);
    expect(Math.abs(climbed!.right - moved!.right)).toBeLessThanOrEqual(1);
    expect(Math.abs(climbed!.bottom - moved!.bottom)).toBeLessThanOrEqual(1);
    expect(climbed!.bottom - climbed!.top).toBeGreaterThan(moved!.bottom - moved!.top + 8);

    // A: the sprite takes the next palette (its pixels change where it stands) and pulse 1 rings.
    await loudestSample(page);
    await holdButton(page, 'a', 150);
    const recoloured = changedBox(up, await stillPicture());
    expect(recoloured).not.toBeNull();
    expect(recoloured!.left).toBeGreaterThanOrEqual(spriteLeft - 1);
    expect(recoloured!.right).toBeLessThanOrEqual(moved!.right + 1);
    await heard(page, 0.05, 'the note');
    expect(errors).toEqual([]);
  });

  it('Neon Drift: Start races, passing cars score, a crash shows GAME OVER, Start races again and steers', async () => {
    await boot('Neon Drift');
    const title = await stillPicture();
    // Time is the subject: the title waits for Start however long it is shown.
    await page.waitForTimeout(1000);
    expect(changedBox(title, await picture()), 'the title waits for Start').toBeNull();
    // Down the road's middle: the title, the score, PRESS START, your car, the subtitle.
    const rows = inkedRows(title, 80, 176);
    expect(rows).toHaveLength(5);
    const [, scoreRows, messageRows, carRows] = rows as [unknown, ...{ top: number; bottom: number }[]];
    const scoreBox = { left: 144, right: 167, ...scoreRows! };
    const messageBox = { left: 80, right: 175, ...messageRows! };

    // The first race after power-on brings the same cars every time: nobody steers, six get past.
    await loudestSample(page);
    await holdButton(page, 'start', 150);
    const racing = await until(
      picture,
      (p) => changedBox(crop(title, messageBox), crop(p, messageBox)) !== null,
      {
        what: 'PRESS START going',
      },
    );
    await until(picture, (p) => changedBox(racing, p) !== null, { what: 'the oncoming car coming down' });
    const over = await stillPicture(90_000);
    expect(changedBox(crop(title, scoreBox), crop(over, scoreBox)), 'the score went up').not.toBeNull();
    const overMessage = crop(over, messageBox);
    expect(changedBox(crop(racing, messageBox), overMessage), 'GAME OVER shows').not.toBeNull();
    expect(changedBox(crop(title, messageBox), overMessage)).not.toBeNull();
    expect(await loudestSample(page), 'the notes of the points and the crash').toBeGreaterThan(0.05);

    // Start again: GAME OVER goes and the score is back to 000 (seen once the new oncoming car,
    // coming down from the top, is clear of it, before it gets past you and scores); then left
    // steers your car towards the kerb at once (its rows only: that car is still far up the road).
    await holdButton(page, 'start', 150);
    const restarted = await until(
      picture,
      (p) =>
        changedBox(overMessage, crop(p, messageBox)) !== null &&
        changedBox(crop(title, scoreBox), crop(p, scoreBox)) === null,
      { what: 'a new race with a score of 000' },
    );
    const carBox = { left: ROAD.left, right: ROAD.right, ...carRows! };
    const before = crop(restarted, carBox);
    await holdButton(page, 'left', 200);
    const turned = await until(picture, (p) => changedBox(before, crop(p, carBox)) !== null, {
      what: 'the car steering',
    });
    const steered = changedBox(before, crop(turned, carBox));
    expect(steered!.left + ROAD.left).toBeLessThan(CAR_X);
    expect(steered!.right + ROAD.left).toBeLessThanOrEqual(CAR_X + 15);
    expect(errors).toEqual([]);
  });
});
