import {
  GB_LIVES_CELL,
  GB_MESSAGE_CELL,
  GB_SCORE_CELL,
  GB_START,
} from '@pixelhall/server/src/seed/games/gameboy';
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
 * The Game Boy carts (seed games/gameboy.ts) played on gambatte in the page, with EmulatorJS's
 * keyboard pad: what the pad does must show in the console's own 160×144 picture, and a button's
 * note must reach the page's audio as a non-silent buffer.
 */
const boot = (name: string) => bootSeededCart(page, name, 'gambatte');

const picture = () => pictureNow(page, 160, 144);

/** The grey levels of `count` background cells (8×8 pixels each) from cell address `cell` on. */
function cells(p: Picture, cell: number, count: number): number[] {
  const column = (cell - 0x9800) % 32;
  const row = Math.floor((cell - 0x9800) / 32);
  const out: number[] = [];
  for (let y = row * 8; y < row * 8 + 8; y += 1)
    for (let x = column * 8; x < (column + count) * 8; x += 1) out.push(p.grey[y * p.width + x]!);
  return out;
}

const blank = (grey: number[]) => grey.every((g) => Math.abs(g - grey[0]!) < 24);
const same = (a: number[], b: number[]) => a.every((g, i) => Math.abs(g - b[i]!) < 24);

/** Reads the picture until `done` holds for it. */
const waitForPicture = (what: string, done: (p: Picture) => boolean) =>
  until(picture, done, { what: `the game showing ${what}` });

/**
 * The picture once two reads 300 ms apart agree: a screen the game is still drawing changes
 * between them; one whose game keeps moving never agrees, and fails.
 */
const settledPicture = () =>
  untilStill(picture, (a, b) => changedBox(a, b) === null, { apart: 300, timeout: 10_000 });

describe('the Game Boy carts', () => {
  it('a demo cart holds still, moves its sprite with the pad, and sounds a note on A', async () => {
    await boot('Owl Post');
    const rest = await picture();
    // Time is the subject: with no input, nothing moves for a while.
    await page.waitForTimeout(600);
    expect(changedBox(rest, await picture())).toBeNull();
    await loudestSample(page); // the sound chip's own click as it was switched on, long before

    // Right: only the sprite's eight rows change, and it ends further right than it began.
    const top = GB_START.y - 16;
    const left = GB_START.x - 8;
    await holdButton(page, 'right', 500);
    const right = await waitForPicture('the sprite moved', (p) => changedBox(rest, p) !== null);
    const moved = changedBox(rest, right)!;
    expect(moved.top).toBeGreaterThanOrEqual(top);
    expect(moved.bottom).toBeLessThanOrEqual(top + 7);
    expect(moved.left).toBeGreaterThanOrEqual(left);
    expect(moved.right).toBeGreaterThan(left + 7 + 4);
    // Time is the subject: the move makes no sound, also a little after the press.
    await page.waitForTimeout(500);
    expect(await loudestSample(page)).toBeLessThan(0.01);

    // Up: now rows above the start change.
    await holdButton(page, 'up', 400);
    const up = await waitForPicture('the sprite rose', (p) => (changedBox(rest, p)?.top ?? top) < top - 4);
    expect(changedBox(right, up)!.bottom).toBeLessThanOrEqual(top + 7);

    // A: a note, and the sprite's palette swaps where it stands (an 8×8 change, no move).
    await holdButton(page, 'a', 150);
    await heard(page, 0.02, 'the note');
    const recoloured = changedBox(
      up,
      await waitForPicture('the new palette', (p) => changedBox(up, p) !== null),
    );
    expect(recoloured).not.toBeNull();
    expect(recoloured!.right - recoloured!.left).toBeLessThan(8);
    expect(recoloured!.bottom - recoloured!.top).toBeLessThan(8);
    expect(errors).toEqual([]);
  });

  it('the catch game scores a catch, ends after three misses, and Start plays again', async () => {
    await boot('Byte Busters');
    const waiting = await picture();
    const score = (p: Picture) => cells(p, GB_SCORE_CELL, 3);
    const lives = (p: Picture) => cells(p, GB_LIVES_CELL, 1);
    const message = (p: Picture) => cells(p, GB_MESSAGE_CELL, 12);
    expect(blank(message(waiting))).toBe(false); // PRESS START
    expect(blank(score(waiting))).toBe(false); // 000

    // Start: the message goes and a bug falls; the first lands where the player stands.
    await holdButton(page, 'start', 150);
    await waitForPicture('the round start', (p) => blank(message(p)));
    const scored = await waitForPicture('a point', (p) => !same(score(p), score(waiting)));
    expect(same(lives(scored), lives(waiting))).toBe(true);

    // The next bugs fall away from the player, who stays put: three misses, GAME OVER.
    await waitForPicture('game over', (p) => !blank(message(p)));
    // The game draws its game-over screen over a few frames, more of them on a loaded machine.
    const over = await settledPicture();
    expect(same(message(over), message(waiting))).toBe(false);
    expect(same(score(over), score(scored))).toBe(true);
    expect(same(lives(over), lives(waiting))).toBe(false);
    // Time is the subject: once over, nothing falls for a while.
    await page.waitForTimeout(1500);
    expect(changedBox(over, await picture())).toBeNull(); // over: nothing falls

    // Start again: score 000 and three lives, as before the first round.
    await holdButton(page, 'start', 150);
    const again = await waitForPicture('a new round', (p) => blank(message(p)));
    expect(same(score(again), score(waiting))).toBe(true);
    expect(same(lives(again), lives(waiting))).toBe(true);
    expect(errors).toEqual([]);
  });
});
