import { GLYPHS } from '../art/font';

/**
 * What the demo catalogue's Game Boy (gameboy.ts) and Mega Drive (megadrive.ts) cartridges share:
 * their title screen — a background pattern with the game's name in a box, in the same 3×5 font
 * and pattern tiles as the NES homebrews (homebrew.ts) — and the header's text fields.
 */

/** `s` in upper-case ASCII, cut or padded with `fill` to `length` bytes: header fields. */
export const ascii = (s: string, length: number, fill = 0x20) => {
  const out = Buffer.alloc(length, fill);
  Buffer.from(
    s
      .toUpperCase()
      .replace(/[^\x20-\x7e]/g, ' ')
      .slice(0, length),
    'ascii',
  ).copy(out);
  return out;
};

/** Tiles copied: 0–3 the pattern, then the font at its ASCII codes (up to 'Z' = $5A). */
export const TILE_COUNT = 0x60;
export const SUBTITLE = 'PIXELHALL DEMO';

/** Splits a title into at most three lines of `width` characters, at spaces. */
function titleLines(title: string, width: number): string[] {
  const out: string[] = [];
  for (const word of title.toUpperCase().split(' ')) {
    const last = out[out.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) out[out.length - 1] = `${last} ${word}`;
    else out.push(word.slice(0, width));
  }
  return out.slice(0, 3);
}

/**
 * The tile number of every cell of a `width`×`height` map: a pattern picked by `seed`, and over
 * the visible `cols`×`rows` a blank box with the title lines and the subtitle, centred.
 */
export function titleScreen(
  title: string,
  seed: number,
  visible: { cols: number; rows: number },
  size: { width: number; height: number },
): number[][] {
  const pattern = [
    (x: number, y: number) => (x + y) & 3,
    (x: number, y: number) => 1 + (((x >> 1) + (y >> 1)) % 3),
    (x: number) => 1 + (x % 3),
  ][seed % 3]!;
  const map = Array.from({ length: size.height }, (_, y) =>
    Array.from({ length: size.width }, (_, x) => pattern(x, y)),
  );
  const lines = [...titleLines(title, visible.cols - 4), '', SUBTITLE];
  const top = Math.floor((visible.rows - lines.length - 2) / 2);
  for (let y = top; y < top + lines.length + 2; y += 1)
    for (let x = 1; x < visible.cols - 1; x += 1) map[y]![x] = 0;
  for (const [i, line] of lines.entries()) {
    const left = Math.floor((visible.cols - line.length) / 2);
    for (const [j, ch] of [...line].entries())
      map[top + 1 + i]![left + j] = GLYPHS[ch] ? ch.charCodeAt(0) : 0x20;
  }
  return map;
}
