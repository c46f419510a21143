import { GLYPHS } from '../art/font';
import type { Line } from './homebrew';
import {
  APU_FRAME,
  APU_STATUS,
  cell,
  copyToPpu,
  DMC_FREQ,
  JOYPAD1,
  OAM,
  OAM_DMA,
  OAM_PAGE,
  OAMADDR,
  PAD,
  PPUADDR,
  PPUCTRL,
  PPUCTRL_RUN,
  PPUDATA,
  PPUMASK,
  PPUMASK_RUN,
  PPUSCROLL,
  PPUSTATUS,
  PULSE1_ENV,
  PULSE1_HI,
  PULSE1_LO,
  PULSE1_SWEEP,
  SRAM_COUNT,
  SRAM_SIG1,
  SRAM_SIG2,
  ZP,
} from './nes-hardware';
import { raceBoot, raceData, raceNmi, raceRoad, raceSubroutines, raceText, raceUpdate } from './nes-race';
import { HERO_TILE } from './nes-sprites';

/**
 * The program of every generated NES cart. It boots the PPU, keeps a boot counter in battery RAM
 * at $6000–$6002 (the header's battery flag is set, so emulators save it), loads the cart's
 * palette, draws its background and title, then runs one frame per vblank: read the pad, update,
 * and let the NMI copy the sprites (and the race's text) to the PPU.
 *
 * Two kinds of cart share it. A `toy` shows its title over diagonal stripes with a 16×16 sprite
 * the d-pad walks around the screen; A and B each play a note on pulse 1 and turn the sprite to
 * the next or previous palette. The `race` is Neon Drift's game (nes-race.ts).
 *
 * Opcodes used here and in nes-race.ts, for reading the tables: A9 lda #, A5 lda zp, B5 lda zp,X,
 * AD lda abs, BD lda abs,X, 85 sta zp, 95 sta zp,X, 8D sta abs, 9D sta abs,X, 8E stx abs, A2 ldx #,
 * A6 ldx zp, A0 ldy #, A4 ldy zp, E8 inx, CA dex, C8 iny, 88 dey, AA tax, 8A txa, A8 tay, 98 tya,
 * 9A txs, E6 inc zp, F6 inc zp,X, C6 dec zp, EE inc abs, 29 and #, 25 and zp, 09 ora #, 49 eor #,
 * 69 adc #, 65 adc zp, E9 sbc #, E5 sbc zp, C9 cmp #, C5 cmp zp, E0 cpx #, 0A asl A, 4A lsr A,
 * 26 rol zp, 2C bit abs, 10 bpl, D0 bne, F0 beq, 90 bcc, B0 bcs, 4C jmp, 20 jsr, 60 rts, 40 rti,
 * 48 pha, 68 pla, 18 clc, 38 sec, 78 sei, D8 cld. The test machine (test/nes-machine.ts) runs
 * exactly these and fails on any other.
 */

export type CartKind = 'toy' | 'race';

/** The font's tile for each character (its ASCII code), a blank for those it lacks. */
const text = (s: string) => [...s.toUpperCase()].map((ch) => (GLYPHS[ch] ? ch.charCodeAt(0) : 0x20));

/** Copies the zero-terminated text at `label` to the nametable from (row, col) on. */
export function printAt(label: string, row: number, col: number): Line[] {
  const [hi, lo] = cell(row, col);
  const loop = `${label}_loop`;
  const done = `${label}_done`;
  return [
    { op: `lda #$${hi.toString(16)}`, bytes: [0xa9, hi] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: `lda #$${lo.toString(16)}`, bytes: [0xa9, lo] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: 'ldx #0', bytes: [0xa2, 0x00] },
    { label: loop },
    { op: `lda ${label},X`, bytes: [0xbd], abs: label },
    { op: `beq ${done}`, bytes: [0xf0], branch: done, note: 'zero ends the text' },
    { op: 'sta PPUDATA', bytes: [0x8d, ...PPUDATA] },
    { op: 'inx', bytes: [0xe8] },
    { op: `jmp ${loop}`, bytes: [0x4c], abs: loop },
    { label: done },
  ];
}

/** Where a toy prints its title and subtitle: rows 12 and 14, centred. */
const centred = (length: number) => 16 - Math.floor(length / 2);

/** Power-on: the CPU, the PPU's warm-up, the APU, the battery counter and cleared RAM. */
function boot(): Line[] {
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
    { op: 'lda #$40', bytes: [0xa9, 0x40] },
    { op: 'sta APU_FRAME', bytes: [0x8d, ...APU_FRAME], note: 'APU frame IRQ off' },
    { op: 'lda #$09', bytes: [0xa9, 0x09] },
    { op: 'sta APU_STATUS', bytes: [0x8d, ...APU_STATUS], note: 'pulse 1 and noise on' },
    { label: 'vblank1' },
    { op: 'bit PPUSTATUS', bytes: [0x2c, ...PPUSTATUS], note: 'the PPU needs two vblanks to warm up' },
    { op: 'bpl vblank1', bytes: [0x10], branch: 'vblank1' },
    { label: 'vblank2' },
    { op: 'bit PPUSTATUS', bytes: [0x2c, ...PPUSTATUS] },
    { op: 'bpl vblank2', bytes: [0x10], branch: 'vblank2' },

    // Zero page to 0, and every sprite below the screen (Y = $FF).
    { op: 'lda #0', bytes: [0xa9, 0x00] },
    { op: 'tax', bytes: [0xaa] },
    { label: 'clear_zp' },
    { op: 'sta 0,X', bytes: [0x95, 0x00] },
    { op: 'inx', bytes: [0xe8] },
    { op: 'bne clear_zp', bytes: [0xd0], branch: 'clear_zp' },
    { op: 'lda #$FF', bytes: [0xa9, 0xff] },
    { label: 'clear_oam' },
    { op: 'sta OAM,X', bytes: [0x9d, ...OAM] },
    { op: 'inx', bytes: [0xe8] },
    { op: 'bne clear_oam', bytes: [0xd0], branch: 'clear_oam' },

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
    ...copyToPpu('palette', 32),
  ];
}

/**
 * Nametable 0 and its attributes ($2000–$23FF): tile (X + X/32) & 3 in diagonal stripes, where
 * `road` (the race) may put a blank tile instead; it ends with A holding the tile to write.
 */
function background(road: Line[]): Line[] {
  return [
    { op: 'lda #$20', bytes: [0xa9, 0x20] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: 'lda #$00', bytes: [0xa9, 0x00] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: 'ldy #4', bytes: [0xa0, 0x04], note: 'four pages of 256 bytes' },
    { op: 'ldx #0', bytes: [0xa2, 0x00] },
    { label: 'fill_loop' },
    ...road,
    { op: 'txa', bytes: [0x8a] },
    { op: 'lsr A', bytes: [0x4a] },
    { op: 'lsr A', bytes: [0x4a] },
    { op: 'lsr A', bytes: [0x4a] },
    { op: 'lsr A', bytes: [0x4a] },
    { op: 'lsr A', bytes: [0x4a], note: 'A = row within the page' },
    { op: 'sta tmp', bytes: [0x85, ZP.tmp] },
    { op: 'txa', bytes: [0x8a] },
    { op: 'clc', bytes: [0x18] },
    { op: 'adc tmp', bytes: [0x65, ZP.tmp] },
    { op: 'and #3', bytes: [0x29, 0x03], note: 'tiles 0–3 are the pattern tiles' },
    { label: 'fill_put' },
    { op: 'sta PPUDATA', bytes: [0x8d, ...PPUDATA] },
    { op: 'inx', bytes: [0xe8] },
    { op: 'bne fill_loop', bytes: [0xd0], branch: 'fill_loop' },
    { op: 'dey', bytes: [0x88] },
    { op: 'bne fill_loop', bytes: [0xd0], branch: 'fill_loop' },
  ];
}

/** The subtitle's row ends with a space and the last digit of the boot counter. */
function bootDigit(): Line[] {
  return [
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
  ];
}

/** Rendering on, NMI on, then the main loop: one update per vblank. */
function mainLoop(update: Line[]): Line[] {
  return [
    { op: 'lda #0', bytes: [0xa9, 0x00] },
    { op: 'sta PPUSCROLL', bytes: [0x8d, ...PPUSCROLL] },
    { op: 'sta PPUSCROLL', bytes: [0x8d, ...PPUSCROLL] },
    { op: 'lda #PPUCTRL_RUN', bytes: [0xa9, PPUCTRL_RUN] },
    { op: 'sta PPUCTRL', bytes: [0x8d, ...PPUCTRL], note: 'NMI on from the next vblank' },
    { op: 'lda #PPUMASK_RUN', bytes: [0xa9, PPUMASK_RUN] },
    { op: 'sta PPUMASK', bytes: [0x8d, ...PPUMASK] },
    { label: 'main' },
    { op: 'lda frames', bytes: [0xa5, ZP.frames] },
    { label: 'wait_vblank' },
    { op: 'cmp frames', bytes: [0xc5, ZP.frames], note: 'the NMI counts frames' },
    { op: 'beq wait_vblank', bytes: [0xf0], branch: 'wait_vblank' },
    { op: 'jsr read_pad', bytes: [0x20], abs: 'read_pad' },
    ...update,
    { op: 'jmp main', bytes: [0x4c], abs: 'main' },
  ];
}

/** The toy: the d-pad walks the sprite 2 pixels a frame inside the screen; A and B ring. */
function toyUpdate(): Line[] {
  const step = (bit: number, name: string, coord: number, limit: number, grow: boolean): Line[] => {
    const skip = `toy_no_${name}`;
    const move: Line = grow
      ? { op: `inc ${coord === ZP.px ? 'px' : 'py'}`, bytes: [0xe6, coord] }
      : { op: `dec ${coord === ZP.px ? 'px' : 'py'}`, bytes: [0xc6, coord] };
    return [
      { op: `lda pad`, bytes: [0xa5, ZP.pad] },
      { op: `and #${name.toUpperCase()}`, bytes: [0x29, bit] },
      { op: `beq ${skip}`, bytes: [0xf0], branch: skip },
      { op: `lda ${coord === ZP.px ? 'px' : 'py'}`, bytes: [0xa5, coord] },
      { op: `cmp #${limit}`, bytes: [0xc9, limit] },
      grow
        ? { op: `bcs ${skip}`, bytes: [0xb0], branch: skip, note: 'at the edge already' }
        : { op: `bcc ${skip}`, bytes: [0x90], branch: skip, note: 'at the edge already' },
      move,
      move,
      { label: skip },
    ];
  };
  const ring = (bit: number, name: string, turn: number, pitch: [number, number]): Line[] => {
    const skip = `toy_no_${name}`;
    return [
      { op: 'lda pressed', bytes: [0xa5, ZP.pressed] },
      { op: `and #${name.toUpperCase()}`, bytes: [0x29, bit] },
      { op: `beq ${skip}`, bytes: [0xf0], branch: skip },
      { op: 'lda pattr', bytes: [0xa5, ZP.pattr] },
      { op: 'clc', bytes: [0x18] },
      { op: `adc #${turn}`, bytes: [0x69, turn], note: 'the next (or, +3, the previous) sprite palette' },
      { op: 'and #3', bytes: [0x29, 0x03] },
      { op: 'sta pattr', bytes: [0x85, ZP.pattr] },
      { op: `lda #$${pitch[0].toString(16)}`, bytes: [0xa9, pitch[0]] },
      { op: `ldx #$${pitch[1].toString(16)}`, bytes: [0xa2, pitch[1]] },
      { op: 'jsr beep', bytes: [0x20], abs: 'beep' },
      { label: skip },
    ];
  };
  return [
    ...step(PAD.up, 'up', ZP.py, 18, false),
    ...step(PAD.down, 'down', ZP.py, 206, true),
    ...step(PAD.left, 'left', ZP.px, 2, false),
    ...step(PAD.right, 'right', ZP.px, 238, true),
    // A: C5 (timer $0D5), B: G3 (timer $23B).
    ...ring(PAD.a, 'a', 1, [0xd5, 0x00]),
    ...ring(PAD.b, 'b', 3, [0x3b, 0x02]),
    { op: 'lda px', bytes: [0xa5, ZP.px] },
    { op: 'sta mx', bytes: [0x85, ZP.mx] },
    { op: 'lda py', bytes: [0xa5, ZP.py] },
    { op: 'sta my', bytes: [0x85, ZP.my] },
    { op: 'lda #HERO', bytes: [0xa9, HERO_TILE] },
    { op: 'sta mtile', bytes: [0x85, ZP.mtile] },
    { op: 'lda pattr', bytes: [0xa5, ZP.pattr] },
    { op: 'sta mattr', bytes: [0x85, ZP.mattr] },
    { op: 'ldx #0', bytes: [0xa2, 0x00], note: 'sprites 0–3' },
    { op: 'jsr draw_meta', bytes: [0x20], abs: 'draw_meta' },
  ];
}

/** Subroutines both kinds use. */
function subroutines(): Line[] {
  const sprite = (offset: number, name: string, fromX: boolean): Line[] => {
    const at = (field: number) => [0x9d, offset + field, OAM_PAGE];
    return [
      { op: `lda ${fromX ? 'my' : 'tmp'}`, bytes: [0xa5, fromX ? ZP.my : ZP.tmp], note: name },
      { op: `sta OAM+${offset},X`, bytes: at(0) },
      { op: 'tya', bytes: [0x98] },
      { op: `sta OAM+${offset + 1},X`, bytes: at(1) },
      { op: 'iny', bytes: [0xc8] },
      { op: 'lda mattr', bytes: [0xa5, ZP.mattr] },
      { op: `sta OAM+${offset + 2},X`, bytes: at(2) },
      { op: 'lda mx', bytes: [0xa5, ZP.mx] },
      ...(offset % 8 === 4
        ? [
            { op: 'clc', bytes: [0x18] },
            { op: 'adc #8', bytes: [0x69, 0x08] },
          ]
        : []),
      { op: `sta OAM+${offset + 3},X`, bytes: at(3) },
    ];
  };
  return [
    // The pad: latch it, then shift its eight buttons into `pad`, A first.
    { label: 'read_pad' },
    { op: 'lda #1', bytes: [0xa9, 0x01] },
    { op: 'sta JOYPAD1', bytes: [0x8d, ...JOYPAD1] },
    { op: 'lda #0', bytes: [0xa9, 0x00] },
    { op: 'sta JOYPAD1', bytes: [0x8d, ...JOYPAD1] },
    { op: 'ldx #8', bytes: [0xa2, 0x08] },
    { label: 'read_pad_loop' },
    { op: 'lda JOYPAD1', bytes: [0xad, ...JOYPAD1] },
    { op: 'lsr A', bytes: [0x4a], note: 'the button into carry' },
    { op: 'rol pad', bytes: [0x26, ZP.pad] },
    { op: 'dex', bytes: [0xca] },
    { op: 'bne read_pad_loop', bytes: [0xd0], branch: 'read_pad_loop' },
    { op: 'lda prev', bytes: [0xa5, ZP.prev] },
    { op: 'eor #$FF', bytes: [0x49, 0xff] },
    { op: 'and pad', bytes: [0x25, ZP.pad], note: 'down now and not last frame' },
    { op: 'sta pressed', bytes: [0x85, ZP.pressed] },
    { op: 'lda pad', bytes: [0xa5, ZP.pad] },
    { op: 'sta prev', bytes: [0x85, ZP.prev] },
    { op: 'rts', bytes: [0x60] },

    // A note on pulse 1: A = timer low, X = timer high (0–7); half duty, a fading envelope.
    { label: 'beep' },
    { op: 'sta PULSE1_LO', bytes: [0x8d, ...PULSE1_LO] },
    { op: 'lda #$84', bytes: [0xa9, 0x84], note: 'duty 50%, envelope decaying at period 4' },
    { op: 'sta PULSE1_ENV', bytes: [0x8d, ...PULSE1_ENV] },
    { op: 'lda #$08', bytes: [0xa9, 0x08], note: 'sweep off (negate, so low notes are not muted)' },
    { op: 'sta PULSE1_SWEEP', bytes: [0x8d, ...PULSE1_SWEEP] },
    { op: 'txa', bytes: [0x8a] },
    { op: 'ora #$08', bytes: [0x09, 0x08], note: 'a long length; the envelope ends the note' },
    { op: 'sta PULSE1_HI', bytes: [0x8d, ...PULSE1_HI], note: 'this write starts the note' },
    { op: 'rts', bytes: [0x60] },

    // A 16×16 sprite from four tiles (mtile, +1 right, +2 below, +3 below right) at (mx, my)
    // into sprite memory from byte X on; X ends 16 further.
    { label: 'draw_meta' },
    { op: 'ldy mtile', bytes: [0xa4, ZP.mtile] },
    { op: 'lda my', bytes: [0xa5, ZP.my] },
    { op: 'clc', bytes: [0x18] },
    { op: 'adc #8', bytes: [0x69, 0x08] },
    { op: 'sta tmp', bytes: [0x85, ZP.tmp], note: 'the lower row' },
    ...sprite(0, 'top left', true),
    ...sprite(4, 'top right', true),
    ...sprite(8, 'bottom left', false),
    ...sprite(12, 'bottom right', false),
    { op: 'txa', bytes: [0x8a] },
    { op: 'clc', bytes: [0x18] },
    { op: 'adc #16', bytes: [0x69, 0x10] },
    { op: 'tax', bytes: [0xaa] },
    { op: 'rts', bytes: [0x60] },
  ];
}

/** Vblank: copy the sprites, let the race write its text, reset the scroll, count the frame. */
function nmi(extra: Line[]): Line[] {
  return [
    { label: 'nmi' },
    { op: 'pha', bytes: [0x48] },
    { op: 'txa', bytes: [0x8a] },
    { op: 'pha', bytes: [0x48] },
    { op: 'tya', bytes: [0x98] },
    { op: 'pha', bytes: [0x48] },
    { op: 'lda #0', bytes: [0xa9, 0x00] },
    { op: 'sta OAMADDR', bytes: [0x8d, ...OAMADDR] },
    { op: 'lda #>OAM', bytes: [0xa9, OAM_PAGE] },
    { op: 'sta OAM_DMA', bytes: [0x8d, ...OAM_DMA], note: 'the 256 bytes at $0200 to the PPU' },
    ...extra,
    { op: 'lda #0', bytes: [0xa9, 0x00] },
    { op: 'sta PPUSCROLL', bytes: [0x8d, ...PPUSCROLL] },
    { op: 'sta PPUSCROLL', bytes: [0x8d, ...PPUSCROLL] },
    { op: 'lda #PPUCTRL_RUN', bytes: [0xa9, PPUCTRL_RUN] },
    { op: 'sta PPUCTRL', bytes: [0x8d, ...PPUCTRL], note: 'PPUADDR writes moved the scroll: set it back' },
    { op: 'inc frames', bytes: [0xe6, ZP.frames] },
    { op: 'pla', bytes: [0x68] },
    { op: 'tay', bytes: [0xa8] },
    { op: 'pla', bytes: [0x68] },
    { op: 'tax', bytes: [0xaa] },
    { op: 'pla', bytes: [0x68] },
    { op: 'rti', bytes: [0x40] },
    { label: 'irq' },
    { op: 'rti', bytes: [0x40] },
  ];
}

/** Where the toy's sprite starts: below the title and subtitle. */
export const TOY_START = { x: 120, y: 168 };

export interface CartSource {
  kind: CartKind;
  title: string;
  subtitle: string;
  /** 32 NES colour indices: four background then four sprite palettes of four. */
  palette: number[];
}

/** The whole program of one cart, as lines for `assemble`. */
export function cartProgram({ kind, title, subtitle, palette }: CartSource): Line[] {
  if (kind === 'race') {
    return [
      ...boot(),
      ...background(raceRoad()),
      ...printAt('title', 2, centred(title.length)),
      ...printAt('subtitle', 27, centred(subtitle.length + 2)),
      ...bootDigit(),
      ...raceText(),
      ...raceBoot(),
      ...mainLoop(raceUpdate()),
      ...subroutines(),
      ...raceSubroutines(),
      ...nmi(raceNmi()),
      { label: 'palette' },
      { data: palette },
      { label: 'title' },
      { data: [...text(title), 0] },
      { label: 'subtitle' },
      { data: [...text(subtitle), 0] },
      ...raceData(),
    ];
  }
  return [
    ...boot(),
    ...background([]),
    ...printAt('title', 12, centred(title.length)),
    ...printAt('subtitle', 14, centred(subtitle.length + 2)),
    ...bootDigit(),
    { op: `lda #${TOY_START.x}`, bytes: [0xa9, TOY_START.x] },
    { op: 'sta px', bytes: [0x85, ZP.px] },
    { op: `lda #${TOY_START.y}`, bytes: [0xa9, TOY_START.y] },
    { op: 'sta py', bytes: [0x85, ZP.py] },
    ...mainLoop(toyUpdate()),
    ...subroutines(),
    ...nmi([]),
    { label: 'palette' },
    { data: palette },
    { label: 'title' },
    { data: [...text(title), 0] },
    { label: 'subtitle' },
    { data: [...text(subtitle), 0] },
  ];
}
