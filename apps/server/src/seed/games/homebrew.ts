import { GLYPHS } from '../art/font';

/**
 * Playable homebrew NES ROMs the project generates itself: an iNES image (mapper 0, NROM-128:
 * 16 KiB PRG at $C000, 8 KiB CHR) whose program sets up the PPU, loads a palette, fills the
 * screen with a diagonal tile pattern, prints its title, and keeps a boot counter in battery RAM
 * at $6000–$6002 (the header's battery flag is set, so emulators save it) and prints that too.
 *
 * The bytes are hand-assembled from the table below: one line per instruction, its mnemonic,
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

// Registers and battery RAM cells the program touches.
const PPUCTRL = [0x00, 0x20];
const PPUMASK = [0x01, 0x20];
const PPUSTATUS = [0x02, 0x20];
const PPUSCROLL = [0x05, 0x20];
const PPUADDR = [0x06, 0x20];
const PPUDATA = [0x07, 0x20];
const DMC_FREQ = [0x10, 0x40];
const SRAM_COUNT = [0x00, 0x60];
const SRAM_SIG1 = [0x01, 0x60];
const SRAM_SIG2 = [0x02, 0x60];
const TMP = 0x00;

// Opcodes used, for reading the table: A9 lda #imm, AD lda abs, BD lda abs,X, 8D sta abs,
// 85 sta zp, 8E stx abs, A2 ldx #imm, A0 ldy #imm, E8 inx, 88 dey, 8A txa, 9A txs, 4A lsr A,
// 29 and #imm, 18 clc, 65 adc zp, 69 adc #imm, E9 sbc #imm, C9 cmp #imm, E0 cpx #imm, EE inc abs,
// 2C bit abs, 10 bpl, D0 bne, F0 beq, 90 bcc, 4C jmp abs, 78 sei, D8 cld, 40 rti.
function program(title: string, subtitle: string, palette: number[]): Line[] {
  const text = (s: string) => [...s.toUpperCase()].map((ch) => (GLYPHS[ch] ? ch.charCodeAt(0) : 0x20));
  return [
    { label: 'reset' },
    { op: 'sei', bytes: [0x78], note: 'no IRQs' },
    { op: 'cld', bytes: [0xd8], note: 'no decimal mode on the 2A03 anyway' },
    { op: 'ldx #$FF', bytes: [0xa2, 0xff] },
    { op: 'txs', bytes: [0x9a], note: 'stack at $01FF' },
    { op: 'inx', bytes: [0xe8], note: 'X = 0' },
    { op: 'stx PPUCTRL', bytes: [0x8e, ...PPUCTRL], note: 'NMI off' },
    { op: 'stx PPUMASK', bytes: [0x8e, ...PPUMASK], note: 'rendering off' },
    { op: 'stx DMC_FREQ', bytes: [0x8e, ...DMC_FREQ], note: 'DMC IRQ off' },
    { label: 'vblank1' },
    { op: 'bit PPUSTATUS', bytes: [0x2c, ...PPUSTATUS], note: 'the PPU needs two vblanks to warm up' },
    { op: 'bpl vblank1', bytes: [0x10], branch: 'vblank1' },
    { label: 'vblank2' },
    { op: 'bit PPUSTATUS', bytes: [0x2c, ...PPUSTATUS] },
    { op: 'bpl vblank2', bytes: [0x10], branch: 'vblank2' },

    // Battery RAM: "PH" at $6001 says the counter at $6000 is ours; else start it at zero.
    { op: 'lda SRAM_SIG1', bytes: [0xad, ...SRAM_SIG1] },
    { op: "cmp #'P'", bytes: [0xc9, 0x50] },
    { op: 'bne fresh', bytes: [0xd0], branch: 'fresh' },
    { op: 'lda SRAM_SIG2', bytes: [0xad, ...SRAM_SIG2] },
    { op: "cmp #'H'", bytes: [0xc9, 0x48] },
    { op: 'beq counted', bytes: [0xf0], branch: 'counted' },
    { label: 'fresh' },
    { op: 'lda #0', bytes: [0xa9, 0x00] },
    { op: 'sta SRAM_COUNT', bytes: [0x8d, ...SRAM_COUNT] },
    { op: "lda #'P'", bytes: [0xa9, 0x50] },
    { op: 'sta SRAM_SIG1', bytes: [0x8d, ...SRAM_SIG1] },
    { op: "lda #'H'", bytes: [0xa9, 0x48] },
    { op: 'sta SRAM_SIG2', bytes: [0x8d, ...SRAM_SIG2] },
    { label: 'counted' },
    { op: 'inc SRAM_COUNT', bytes: [0xee, ...SRAM_COUNT], note: 'one more boot, kept by the battery' },

    // Palette: 32 bytes at $3F00.
    { op: 'lda PPUSTATUS', bytes: [0xad, ...PPUSTATUS], note: 'reset the address latch' },
    { op: 'lda #$3F', bytes: [0xa9, 0x3f] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: 'lda #$00', bytes: [0xa9, 0x00] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: 'ldx #0', bytes: [0xa2, 0x00] },
    { label: 'palette_loop' },
    { op: 'lda palette,X', bytes: [0xbd], abs: 'palette' },
    { op: 'sta PPUDATA', bytes: [0x8d, ...PPUDATA] },
    { op: 'inx', bytes: [0xe8] },
    { op: 'cpx #32', bytes: [0xe0, 0x20] },
    { op: 'bne palette_loop', bytes: [0xd0], branch: 'palette_loop' },

    // Nametable 0 and its attributes ($2000–$23FF): tile (X + X/32) & 3, diagonal stripes.
    { op: 'lda #$20', bytes: [0xa9, 0x20] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: 'lda #$00', bytes: [0xa9, 0x00] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: 'ldy #4', bytes: [0xa0, 0x04], note: 'four pages of 256 bytes' },
    { op: 'ldx #0', bytes: [0xa2, 0x00] },
    { label: 'fill_loop' },
    { op: 'txa', bytes: [0x8a] },
    { op: 'lsr A', bytes: [0x4a] },
    { op: 'lsr A', bytes: [0x4a] },
    { op: 'lsr A', bytes: [0x4a] },
    { op: 'lsr A', bytes: [0x4a] },
    { op: 'lsr A', bytes: [0x4a], note: 'A = row within the page' },
    { op: 'sta tmp', bytes: [0x85, TMP] },
    { op: 'txa', bytes: [0x8a] },
    { op: 'clc', bytes: [0x18] },
    { op: 'adc tmp', bytes: [0x65, TMP] },
    { op: 'and #3', bytes: [0x29, 0x03], note: 'tiles 0–3 are the pattern tiles' },
    { op: 'sta PPUDATA', bytes: [0x8d, ...PPUDATA] },
    { op: 'inx', bytes: [0xe8] },
    { op: 'bne fill_loop', bytes: [0xd0], branch: 'fill_loop' },
    { op: 'dey', bytes: [0x88] },
    { op: 'bne fill_loop', bytes: [0xd0], branch: 'fill_loop' },

    // The title on row 12, the subtitle on row 14 (tile = ASCII code; the font lives there).
    { op: 'lda #$21', bytes: [0xa9, 0x21] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    {
      op: `lda #$${(0x80 + 16 - Math.floor(title.length / 2)).toString(16)}`,
      bytes: [0xa9, 0x80 + 16 - Math.floor(title.length / 2)],
    },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: 'ldx #0', bytes: [0xa2, 0x00] },
    { label: 'title_loop' },
    { op: 'lda title,X', bytes: [0xbd], abs: 'title' },
    { op: 'beq title_done', bytes: [0xf0], branch: 'title_done', note: 'zero ends the text' },
    { op: 'sta PPUDATA', bytes: [0x8d, ...PPUDATA] },
    { op: 'inx', bytes: [0xe8] },
    { op: 'jmp title_loop', bytes: [0x4c], abs: 'title_loop' },
    { label: 'title_done' },
    { op: 'lda #$21', bytes: [0xa9, 0x21] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    {
      op: `lda #$${(0xc0 + 16 - Math.floor((subtitle.length + 2) / 2)).toString(16)}`,
      bytes: [0xa9, 0xc0 + 16 - Math.floor((subtitle.length + 2) / 2)],
    },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: 'ldx #0', bytes: [0xa2, 0x00] },
    { label: 'sub_loop' },
    { op: 'lda subtitle,X', bytes: [0xbd], abs: 'subtitle' },
    { op: 'beq sub_done', bytes: [0xf0], branch: 'sub_done' },
    { op: 'sta PPUDATA', bytes: [0x8d, ...PPUDATA] },
    { op: 'inx', bytes: [0xe8] },
    { op: 'jmp sub_loop', bytes: [0x4c], abs: 'sub_loop' },
    { label: 'sub_done' },
    // Then the last digit of the boot counter, after a space.
    { op: "lda #' '", bytes: [0xa9, 0x20] },
    { op: 'sta PPUDATA', bytes: [0x8d, ...PPUDATA] },
    { op: 'lda SRAM_COUNT', bytes: [0xad, ...SRAM_COUNT] },
    { label: 'mod10' },
    { op: 'cmp #10', bytes: [0xc9, 0x0a] },
    { op: 'bcc digit', bytes: [0x90], branch: 'digit' },
    { op: 'sbc #10', bytes: [0xe9, 0x0a], note: 'carry is set here, so this is A - 10' },
    { op: 'jmp mod10', bytes: [0x4c], abs: 'mod10' },
    { label: 'digit' },
    { op: 'clc', bytes: [0x18] },
    { op: "adc #'0'", bytes: [0x69, 0x30] },
    { op: 'sta PPUDATA', bytes: [0x8d, ...PPUDATA] },

    // Scroll to the top left and turn the background on.
    { op: 'lda #0', bytes: [0xa9, 0x00] },
    { op: 'sta PPUSCROLL', bytes: [0x8d, ...PPUSCROLL] },
    { op: 'sta PPUSCROLL', bytes: [0x8d, ...PPUSCROLL] },
    { op: 'sta PPUCTRL', bytes: [0x8d, ...PPUCTRL], note: 'nametable 0, patterns at $0000' },
    { op: 'lda #$0A', bytes: [0xa9, 0x0a] },
    { op: 'sta PPUMASK', bytes: [0x8d, ...PPUMASK], note: 'show the background, left column too' },
    { label: 'forever' },
    { op: 'jmp forever', bytes: [0x4c], abs: 'forever' },
    { label: 'nmi' },
    { op: 'rti', bytes: [0x40] },
    { label: 'irq' },
    { op: 'rti', bytes: [0x40] },
    { label: 'palette' },
    { data: palette },
    { label: 'title' },
    { data: [...text(title), 0] },
    { label: 'subtitle' },
    { data: [...text(subtitle), 0] },
  ];
}

const sizeOf = (line: Line) =>
  'data' in line
    ? line.data.length
    : 'op' in line
      ? line.bytes.length + (line.abs ? 2 : line.branch ? 1 : 0)
      : 0;

/**
 * Two passes: label addresses first, then the bytes with operands filled in. The Game Boy's SM83
 * (carts.ts) shares the operand forms: little-endian 16-bit addresses, and jumps relative to the
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

/** One 8×8 two-plane tile from a function of (x, y) → colour 0–3. */
function tile(pixel: (x: number, y: number) => number): number[] {
  const planes = new Array<number>(16).fill(0);
  for (let y = 0; y < 8; y += 1)
    for (let x = 0; x < 8; x += 1) {
      const c = pixel(x, y);
      if (c & 1) planes[y]! |= 0x80 >> x;
      if (c & 2) planes[y + 8]! |= 0x80 >> x;
    }
  return planes;
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
}

const pal = (...sets: [number, number, number][]) => {
  const bg = sets.flatMap(([a, b, c]) => [0x0f, a, b, c]);
  return [...bg, ...bg];
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

/** The iNES image of one homebrew: header, 16 KiB PRG with vectors, 8 KiB CHR. */
export function homebrewRom(game: Homebrew): Buffer {
  if (game.palette.length !== 32) throw new Error('a palette has 32 entries');
  const { code, labels } = assemble(program(game.title, game.subtitle, game.palette));
  if (code.length > PRG_SIZE - 6) throw new Error('program too large for NROM-128');
  const header = Buffer.from([0x4e, 0x45, 0x53, 0x1a, 1, 1, FLAGS6_BATTERY, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  const prg = Buffer.alloc(PRG_SIZE, 0xff);
  Buffer.from(code).copy(prg, 0);
  for (const [i, label] of ['nmi', 'reset', 'irq'].entries())
    prg.writeUInt16LE(labels.get(label)!, 0x3ffa + i * 2);
  return Buffer.concat([header, prg, characterRom()]);
}
