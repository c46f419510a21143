import type { Canvas, Rgb } from './canvas';

/** A 3×5 pixel font: each glyph is five rows of three bits, top row first. */
export const GLYPHS: Record<string, string> = {
  A: '010 101 111 101 101',
  B: '110 101 110 101 110',
  C: '011 100 100 100 011',
  D: '110 101 101 101 110',
  E: '111 100 110 100 111',
  F: '111 100 110 100 100',
  G: '011 100 101 101 011',
  H: '101 101 111 101 101',
  I: '111 010 010 010 111',
  J: '001 001 001 101 010',
  K: '101 101 110 101 101',
  L: '100 100 100 100 111',
  M: '101 111 111 101 101',
  N: '110 101 101 101 101',
  O: '010 101 101 101 010',
  P: '110 101 110 100 100',
  Q: '010 101 101 110 011',
  R: '110 101 110 101 101',
  S: '011 100 010 001 110',
  T: '111 010 010 010 010',
  U: '101 101 101 101 111',
  V: '101 101 101 101 010',
  W: '101 101 111 111 101',
  X: '101 101 010 101 101',
  Y: '101 101 010 010 010',
  Z: '111 001 010 100 111',
  '0': '111 101 101 101 111',
  '1': '010 110 010 010 111',
  '2': '110 001 010 100 111',
  '3': '110 001 010 001 110',
  '4': '101 101 111 001 001',
  '5': '111 100 110 001 110',
  '6': '011 100 111 101 111',
  '7': '111 001 010 010 010',
  '8': '111 101 111 101 111',
  '9': '111 101 111 001 110',
  ' ': '000 000 000 000 000',
  '!': '010 010 010 000 010',
  '?': '110 001 010 000 010',
  '+': '000 010 111 010 000',
  '-': '000 000 111 000 000',
  ':': '000 010 000 010 000',
  '.': '000 000 000 000 010',
  '/': '001 001 010 100 100',
  '&': '010 101 010 101 011',
  "'": '010 010 000 000 000',
};

const ADVANCE = 4;

export const textWidth = (text: string) => Math.max(0, text.length * ADVANCE - 1);

/** Upper-case text at (x, y), optionally with a one-pixel drop shadow for legibility on art. */
export function drawText(canvas: Canvas, text: string, x: number, y: number, color: Rgb, shadow?: Rgb): void {
  const pixels: [number, number][] = [];
  for (const [i, ch] of [...text.toUpperCase()].entries()) {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error(`the pixel font has no glyph for ${JSON.stringify(ch)}`);
    for (const [gy, row] of glyph.split(' ').entries())
      for (let gx = 0; gx < 3; gx++) if (row[gx] === '1') pixels.push([x + i * ADVANCE + gx, y + gy]);
  }
  // Shadows first, so one letter's shadow never covers the next letter.
  if (shadow !== undefined) for (const [px, py] of pixels) canvas.set(px + 1, py + 1, shadow);
  for (const [px, py] of pixels) canvas.set(px, py, color);
}
