import { GLYPHS } from '../art/font';
import { type CartKind, cartProgram } from './nes-game';
import { spriteTable, tile } from './nes-sprites';

/**
 * Playable homebrew NES ROMs the project generates itself: an iNES image (mapper 0, NROM-128:
 * 16 KiB PRG at $C000, 8 KiB CHR) whose program (nes-game.ts) draws the cart's title and a
 * sprite that answers the pad, keeps a boot counter in battery RAM, and for Neon Drift is a whole
 * little racing game (nes-race.ts).
 *
 * The bytes are hand-assembled from tables of lines: one line per instruction, its mnemonic,
 * its opcode and a comment. Operands that are addresses of labels are filled in by a two-pass
 * assembler (`abs` for a 16-bit address, `branch` for a relative offset).
 */

export type Line =
  | { label: string }
  | { op: string; bytes: number[]; abs?: string; branch?: string; note?: string }
  | { data: number[] };

const PRG_ORIGIN = 0xc000;
export const PRG_SIZE = 0x4000;
export const CHR_SIZE = 0x2000;
export const INES_HEADER_SIZE = 16;

const sizeOf = (line: Line) =>
  'data' in line
    ? line.data.length
    : 'op' in line
      ? line.bytes.length + (line.abs ? 2 : line.branch ? 1 : 0)
      : 0;

/**
 * Two passes: label addresses first, then the bytes with operands filled in. The Game Boy's SM83
 * (gameboy.ts) shares the operand forms: little-endian 16-bit addresses, and jumps relative to the
 * next instruction — it passes its own origin.
 */
export function assemble(
  lines: Line[],
  origin = PRG_ORIGIN,
): { code: number[]; labels: Map<string, number> } {
  const labels = new Map<string, number>();
  let pc = origin;
  for (const line of lines) {
    if ('label' in line) labels.set(line.label, pc);
    pc += sizeOf(line);
  }
  const at = (label: string) => {
    const address = labels.get(label);
    if (address === undefined) throw new Error(`no label ${label}`);
    return address;
  };
  const code: number[] = [];
  for (const line of lines) {
    if ('data' in line) code.push(...line.data);
    if (!('op' in line)) continue;
    code.push(...line.bytes);
    if (line.abs) code.push(at(line.abs) & 0xff, at(line.abs) >> 8);
    if (line.branch) {
      const offset = at(line.branch) - (origin + code.length + 1);
      if (offset < -128 || offset > 127) throw new Error(`branch to ${line.branch} out of range`);
      code.push(offset & 0xff);
    }
  }
  return { code, labels };
}

/**
 * Pattern table 0: tiles 0–3 are the background pattern (blank, checker, solid, stripes), and
 * each character of the 3×5 seed font sits at its ASCII code, drawn 2× wide and 7 rows tall.
 */
export function characterRom(): Buffer {
  const chr = Buffer.alloc(CHR_SIZE);
  const put = (index: number, bytes: number[]) => Buffer.from(bytes).copy(chr, index * 16);
  put(
    0,
    tile(() => 0),
  );
  put(
    1,
    tile((x, y) => ((x >> 1) + (y >> 1)) % 2),
  );
  put(
    2,
    tile((x, y) => (x === 0 || y === 0 ? 1 : 2)),
  );
  put(
    3,
    tile((x, y) => ((x + y) % 4 < 2 ? 1 : 2)),
  );
  for (const [ch, rows] of Object.entries(GLYPHS)) {
    const bits = rows.split(' ');
    put(
      ch.charCodeAt(0),
      tile((x, y) => {
        const gx = Math.floor((x - 1) / 2);
        const gy = Math.floor((y * 5) / 7);
        if (x < 1 || gx > 2 || y > 6) return 0;
        return bits[gy]?.[gx] === '1' ? 3 : 0;
      }),
    );
  }
  return chr;
}

export interface Homebrew {
  /** File name in the catalogue, e.g. tile-garden.nes. */
  file: string;
  title: string;
  subtitle: string;
  /** 32 NES colour indices: four background then four sprite palettes of four. */
  palette: number[];
  /** A toy (a sprite to walk about) unless said otherwise. */
  kind?: CartKind;
}

/**
 * Sprite palettes 1–3 after the cart's own 0: blue, red and gold, apart enough from each other and
 * from every cart's own that a turn of the toy's sprite (A, B) or the race's oncoming car shows.
 */
const SPRITE_PALETTES = [
  [0x0f, 0x02, 0x12, 0x31],
  [0x0f, 0x06, 0x16, 0x27],
  [0x0f, 0x07, 0x28, 0x38],
];

const pal = (...sets: [number, number, number][]) => {
  const bg = sets.flatMap(([a, b, c]) => [0x0f, a, b, c]);
  return [...bg, ...bg.slice(0, 4), ...SPRITE_PALETTES.flat()];
};

/** The homebrew titles the demo catalogue ships. */
export const HOMEBREWS: Homebrew[] = [
  {
    file: 'tile-garden.nes',
    title: 'TILE GARDEN',
    subtitle: 'BOOTS:',
    palette: pal([0x1a, 0x2a, 0x30], [0x19, 0x29, 0x38], [0x0a, 0x1a, 0x39], [0x1b, 0x2b, 0x30]),
  },
  {
    file: 'neon-drift.nes',
    title: 'NEON DRIFT',
    subtitle: 'PIXELHALL 2026',
    kind: 'race',
    palette: pal([0x14, 0x24, 0x30], [0x13, 0x23, 0x34], [0x12, 0x22, 0x32], [0x15, 0x25, 0x36]),
  },
  {
    file: 'ember-cave.nes',
    title: 'EMBER CAVE',
    subtitle: 'SAVE:',
    palette: pal([0x06, 0x16, 0x27], [0x07, 0x17, 0x28], [0x08, 0x18, 0x38], [0x16, 0x26, 0x30]),
  },
];

/** Flags 6: bit 1 battery-backed PRG RAM at $6000–$7FFF; mapper 0; horizontal mirroring. */
const FLAGS6_BATTERY = 0x02;

/** The iNES image of one homebrew: header, 16 KiB PRG with vectors, 8 KiB CHR (font, sprites). */
export function homebrewRom(game: Homebrew): Buffer {
  if (game.palette.length !== 32) throw new Error('a palette has 32 entries');
  const { code, labels } = assemble(cartProgram({ ...game, kind: game.kind ?? 'toy' }));
  if (code.length > PRG_SIZE - 6) throw new Error('program too large for NROM-128');
  const header = Buffer.from([0x4e, 0x45, 0x53, 0x1a, 1, 1, FLAGS6_BATTERY, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const prg = Buffer.alloc(PRG_SIZE, 0xff);
  Buffer.from(code).copy(prg, 0);
  for (const [i, label] of ['nmi', 'reset', 'irq'].entries())
    prg.writeUInt16LE(labels.get(label)!, 0x3ffa + i * 2);
  const chr = characterRom();
  spriteTable().copy(chr, 0x1000);
  return Buffer.concat([header, prg, chr]);
}
