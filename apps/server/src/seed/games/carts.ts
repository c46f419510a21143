import { GLYPHS } from '../art/font';
import { characterRom } from './homebrew';

/**
 * Playable cartridge images for the demo catalogue's Mega Drive entries (the Game Boy's are in
 * gameboy.ts, which shares the title screen and `ascii`): a correct header (with its checksums) and a program that draws a title screen — a background pattern
 * with the game's name in a box, in the same 3×5 font and pattern tiles as the NES homebrews
 * (homebrew.ts) — then idles. Each program only copies tables into video memory; the tables
 * (tiles, map, palette) are built here, so a test can check what lands on screen from the bytes.
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

/** Pixel (x, y) of tile `index` of the homebrew pattern table: colour 0–3. */
function tilePixel(chr: Buffer, index: number, x: number, y: number): number {
  const low = (chr[index * 16 + y]! >> (7 - x)) & 1;
  const high = (chr[index * 16 + 8 + y]! >> (7 - x)) & 1;
  return low | (high << 1);
}

// ---------------------------------------------------------------------------------------------
// Mega Drive (68000, big-endian). One line per instruction: its words, then optionally a 16-bit
// displacement to a label measured from that extension word (`lea x(pc)`, `dbf`), or an 8-bit
// one in the opcode's low byte measured from the next word (`bra.s`, `beq.s`).

type MdLine =
  | { label: string }
  | { op: string; words: number[]; disp?: string; short?: string; note?: string }
  | { data: number[] };

export const MD_SIZE = 0x4000;
const MD_CODE = 0x200;
const VDP_DATA = [0x00c0, 0x0000];
const VDP_CTRL = [0x00c0, 0x0004];

/** VDP registers, written as $8000 | register << 8 | value; the display is turned on last. */
export const MD_VDP_REGISTERS = [
  0x8004, // 0: no H interrupt, normal colour mode
  0x8104, // 1: display off for now, Mega Drive (mode 5) display, no V interrupt
  0x8230, // 2: plane A name table at $C000
  0x8328, // 3: window at $A000 (unused)
  0x8407, // 4: plane B name table at $E000
  0x857c, // 5: sprite table at $F800
  0x8700, // 7: background colour: palette 0, colour 0
  0x8aff, // 10: H interrupt counter
  0x8b00, // 11: full-screen scrolling
  0x8c81, // 12: 40 cells wide, no interlace
  0x8d3f, // 13: H scroll table at $FC00
  0x8f02, // 15: auto-increment 2
  0x9001, // 16: planes 64×32 cells
  0x9100, // 17: no window
  0x9200, // 18: no window
];
export const MD_DISPLAY_ON = 0x8144;

/** A Mega Drive colour word (0000 BBB0 GGG0 RRR0) from levels 0–7. */
const mdColour = (r: number, g: number, b: number) => (b << 9) | (g << 5) | (r << 1);
const MD_PALETTES = [
  [mdColour(0, 0, 2), mdColour(1, 2, 5), mdColour(2, 4, 7), mdColour(7, 7, 7)],
  [mdColour(2, 0, 0), mdColour(5, 1, 1), mdColour(7, 4, 1), mdColour(7, 7, 6)],
  [mdColour(0, 2, 0), mdColour(1, 4, 1), mdColour(3, 6, 2), mdColour(7, 7, 7)],
  [mdColour(1, 0, 2), mdColour(4, 1, 5), mdColour(6, 3, 7), mdColour(7, 7, 7)],
];

/** Palette 0 (16 colours): backdrop, two pattern colours, the text colour; the rest black. */
export function megaDrivePalette(seed: number): number[] {
  const colours = MD_PALETTES[seed % MD_PALETTES.length]!;
  return [...colours, ...new Array<number>(16 - colours.length).fill(0)];
}

/** The 4bpp tiles (a nibble a pixel, left pixel high): the homebrew tiles, colours 0–3 kept. */
export function megaDriveTiles(): number[] {
  const chr = characterRom();
  const out: number[] = [];
  for (let t = 0; t < TILE_COUNT; t += 1)
    for (let y = 0; y < 8; y += 1)
      for (let x = 0; x < 8; x += 2) out.push((tilePixel(chr, t, x, y) << 4) | tilePixel(chr, t, x + 1, y));
  return out;
}

/** Plane A's 64×32 name table at $C000 (a word a cell: the tile number, palette 0); 40×28 show. */
export function megaDriveMap(title: string, seed: number): number[] {
  return titleScreen(title, seed, { cols: 40, rows: 28 }, { width: 64, height: 32 }).flat();
}

const long = (value: number) => [value >>> 16, value & 0xffff];
/** A VDP control long that writes from `address` on: VRAM (code 1), CRAM (3) or VSRAM (5). */
export const vdpWrite = (target: 'vram' | 'cram' | 'vsram', address: number) => {
  const code = { vram: 0x1, cram: 0x3, vsram: 0x5 }[target];
  return (((code & 3) << 30) | ((address & 0x3fff) << 16) | ((code >> 2) << 4) | (address >> 14)) >>> 0;
};

function megaDriveProgram(title: string, seed: number): MdLine[] {
  const tiles = megaDriveTiles();
  const map = megaDriveMap(title, seed);
  const palette = megaDrivePalette(seed);
  const regs = MD_VDP_REGISTERS;
  const bytes = (list: number[]) => list.flatMap((w) => [w >> 8, w & 0xff]);
  return [
    { label: 'reset' },
    { op: 'move.w #$2700,sr', words: [0x46fc, 0x2700], note: 'interrupts off' },
    // TMSS: a console with a version above 0 stops the 68000 until it reads "SEGA" here.
    { op: 'move.b $A10001,d0', words: [0x1039, 0x00a1, 0x0001] },
    { op: 'andi.b #$0F,d0', words: [0x0200, 0x000f] },
    { op: 'beq.s no_tmss', words: [0x6700], short: 'no_tmss' },
    { op: "move.l #'SEGA',$A14000", words: [0x23fc, 0x5345, 0x4741, 0x00a1, 0x4000] },
    { label: 'no_tmss' },
    {
      op: 'move.w VDP_CTRL,d0',
      words: [0x3039, ...VDP_CTRL],
      note: 'reading the status resets a half-written command',
    },
    { op: 'lea VDP_CTRL,a0', words: [0x41f9, ...VDP_CTRL] },
    { op: 'lea VDP_DATA,a1', words: [0x43f9, ...VDP_DATA] },
    { op: 'lea regs(pc),a2', words: [0x45fa], disp: 'regs' },
    { op: `moveq #${regs.length - 1},d1`, words: [0x7200 | (regs.length - 1)] },
    { label: 'regs_loop' },
    { op: 'move.w (a2)+,(a0)', words: [0x309a] },
    { op: 'dbf d1,regs_loop', words: [0x51c9], disp: 'regs_loop' },
    // Clear video memory (64 KiB) and the vertical scroll RAM (80 bytes): nothing stale shows.
    { op: 'moveq #0,d0', words: [0x7000] },
    { op: 'move.l #VRAM 0,(a0)', words: [0x20bc, ...long(vdpWrite('vram', 0))] },
    { op: 'move.w #$3FFF,d1', words: [0x323c, 0x3fff] },
    { label: 'clear_vram' },
    { op: 'move.l d0,(a1)', words: [0x2280] },
    { op: 'dbf d1,clear_vram', words: [0x51c9], disp: 'clear_vram' },
    { op: 'move.l #VSRAM 0,(a0)', words: [0x20bc, ...long(vdpWrite('vsram', 0))] },
    { op: 'moveq #19,d1', words: [0x7213] },
    { label: 'clear_vsram' },
    { op: 'move.l d0,(a1)', words: [0x2280] },
    { op: 'dbf d1,clear_vsram', words: [0x51c9], disp: 'clear_vsram' },
    // Palette 0 into colour RAM.
    { op: 'move.l #CRAM 0,(a0)', words: [0x20bc, ...long(vdpWrite('cram', 0))] },
    { op: 'lea palette(pc),a2', words: [0x45fa], disp: 'palette' },
    { op: `moveq #${palette.length - 1},d1`, words: [0x7200 | (palette.length - 1)] },
    { label: 'palette_loop' },
    { op: 'move.w (a2)+,(a1)', words: [0x329a] },
    { op: 'dbf d1,palette_loop', words: [0x51c9], disp: 'palette_loop' },
    // The tiles from VRAM $0000, a long (a row) at a time.
    { op: 'move.l #VRAM 0,(a0)', words: [0x20bc, ...long(vdpWrite('vram', 0))] },
    { op: 'lea tiles(pc),a2', words: [0x45fa], disp: 'tiles' },
    { op: `move.w #${tiles.length / 4 - 1},d1`, words: [0x323c, tiles.length / 4 - 1] },
    { label: 'tiles_loop' },
    { op: 'move.l (a2)+,(a1)', words: [0x229a] },
    { op: 'dbf d1,tiles_loop', words: [0x51c9], disp: 'tiles_loop' },
    // Plane A's name table at $C000.
    { op: 'move.l #VRAM $C000,(a0)', words: [0x20bc, ...long(vdpWrite('vram', 0xc000))] },
    { op: 'lea map(pc),a2', words: [0x45fa], disp: 'map' },
    { op: `move.w #${map.length - 1},d1`, words: [0x323c, map.length - 1] },
    { label: 'map_loop' },
    { op: 'move.w (a2)+,(a1)', words: [0x329a] },
    { op: 'dbf d1,map_loop', words: [0x51c9], disp: 'map_loop' },
    { op: 'move.w #DISPLAY_ON,(a0)', words: [0x30bc, MD_DISPLAY_ON] },
    { label: 'forever' },
    { op: 'bra.s forever', words: [0x6000], short: 'forever' },
    { label: 'exception' },
    { op: 'rte', words: [0x4e73] },
    // Tables (every one an even length, so each starts on a word).
    { label: 'regs' },
    { data: bytes(regs) },
    { label: 'palette' },
    { data: bytes(palette) },
    { label: 'tiles' },
    { data: tiles },
    { label: 'map' },
    { data: bytes(map) },
  ];
}

/** Two passes, as homebrew.ts: label addresses, then the words with displacements filled in. */
function assemble68k(lines: MdLine[], origin: number): { code: number[]; labels: Map<string, number> } {
  const labels = new Map<string, number>();
  const size = (line: MdLine) =>
    'data' in line ? line.data.length : 'op' in line ? line.words.length * 2 + (line.disp ? 2 : 0) : 0;
  let pc = origin;
  for (const line of lines) {
    if ('label' in line) labels.set(line.label, pc);
    pc += size(line);
  }
  const at = (label: string) => {
    const address = labels.get(label);
    if (address === undefined) throw new Error(`no label ${label}`);
    return address;
  };
  const code: number[] = [];
  const word = (w: number) => code.push((w >> 8) & 0xff, w & 0xff);
  for (const line of lines) {
    if ('data' in line) code.push(...line.data);
    if (!('op' in line)) continue;
    const [first, ...rest] = line.words;
    if (line.short) {
      const offset = at(line.short) - (origin + code.length + 2);
      if (offset < -128 || offset > 127 || offset === 0)
        throw new Error(`short branch to ${line.short} out of range`);
      word(first! | (offset & 0xff));
    } else word(first!);
    for (const w of rest) word(w);
    if (line.disp) {
      const offset = at(line.disp) - (origin + code.length);
      if (offset < -0x8000 || offset > 0x7fff) throw new Error(`displacement to ${line.disp} out of range`);
      word(offset & 0xffff);
    }
  }
  return { code, labels };
}

/** Assembles the program at $0200; its labels too, for tests. */
export function megaDriveCode(title: string, seed: number): { code: number[]; labels: Map<string, number> } {
  return assemble68k(megaDriveProgram(title, seed), MD_CODE);
}

/** A 16 KiB Mega Drive image: vectors, the "SEGA MEGA DRIVE" header with its checksum, the program. */
export function megaDriveRom(title: string, seed: number): Buffer {
  const rom = Buffer.alloc(MD_SIZE, 0x00);
  const { code, labels } = megaDriveCode(title, seed);
  if (MD_CODE + code.length > MD_SIZE) throw new Error('Mega Drive program too large');
  rom.writeUInt32BE(0x00fffe00, 0); // initial stack pointer
  rom.writeUInt32BE(labels.get('reset')!, 4);
  for (let v = 8; v < 0x100; v += 4) rom.writeUInt32BE(labels.get('exception')!, v); // every exception: rte
  ascii('SEGA MEGA DRIVE', 16).copy(rom, 0x100);
  ascii('(C)PXHL 2026.NOV', 16).copy(rom, 0x110);
  ascii(title, 48).copy(rom, 0x120);
  ascii(title, 48).copy(rom, 0x150);
  ascii(`GM ${String(seed).padStart(8, '0')}-00`, 14).copy(rom, 0x180);
  ascii('J', 16).copy(rom, 0x190);
  rom.writeUInt32BE(0, 0x1a0);
  rom.writeUInt32BE(MD_SIZE - 1, 0x1a4);
  rom.writeUInt32BE(0xff0000, 0x1a8);
  rom.writeUInt32BE(0xffffff, 0x1ac);
  ascii('JUE', 16).copy(rom, 0x1f0);
  Buffer.from(code).copy(rom, MD_CODE);
  rom.writeUInt16BE(megaDriveChecksum(rom), 0x18e);
  return rom;
}

/** The header's checksum: the sum of the big-endian words from $200 to the end. */
export function megaDriveChecksum(rom: Buffer): number {
  let sum = 0;
  for (let i = 0x200; i < rom.length; i += 2) sum = (sum + rom.readUInt16BE(i)) & 0xffff;
  return sum;
}
