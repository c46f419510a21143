import type { Line } from './homebrew';

/**
 * The NES addresses the generated carts use: the PPU, APU and pad ports as the two little-endian
 * bytes of an absolute operand, and the cart's variables in zero page (one-byte operands).
 */

export const PPUCTRL = [0x00, 0x20];
export const PPUMASK = [0x01, 0x20];
export const PPUSTATUS = [0x02, 0x20];
export const OAMADDR = [0x03, 0x20];
export const PPUSCROLL = [0x05, 0x20];
export const PPUADDR = [0x06, 0x20];
export const PPUDATA = [0x07, 0x20];

/** Pulse 1: duty and envelope, sweep, timer low, length and timer high. */
export const PULSE1_ENV = [0x00, 0x40];
export const PULSE1_SWEEP = [0x01, 0x40];
export const PULSE1_LO = [0x02, 0x40];
export const PULSE1_HI = [0x03, 0x40];
/** Noise: envelope, mode and period, length. */
export const NOISE_VOL = [0x0c, 0x40];
export const NOISE_PERIOD = [0x0e, 0x40];
export const NOISE_LENGTH = [0x0f, 0x40];
export const DMC_FREQ = [0x10, 0x40];
export const OAM_DMA = [0x14, 0x40];
export const APU_STATUS = [0x15, 0x40];
/** Reading it shifts out the pad's buttons; writing 1 then 0 latches them. */
export const JOYPAD1 = [0x16, 0x40];
export const APU_FRAME = [0x17, 0x40];

export const SRAM_COUNT = [0x00, 0x60];
export const SRAM_SIG1 = [0x01, 0x60];
export const SRAM_SIG2 = [0x02, 0x60];

/** The shadow of sprite memory that every vblank copies to the PPU by DMA: page $02. */
export const OAM_PAGE = 0x02;
export const OAM = [0x00, 0x02];

/** PPUCTRL while running: NMI on, nametable 0, background patterns at $0000, sprites at $1000. */
export const PPUCTRL_RUN = 0x88;
/** PPUMASK while running: background and sprites, the left column too. */
export const PPUMASK_RUN = 0x1e;

/** Pad bits after the read loop shifts them in: A is the top bit, Right the bottom. */
export const PAD = {
  a: 0x80,
  b: 0x40,
  select: 0x20,
  start: 0x10,
  up: 0x08,
  down: 0x04,
  left: 0x02,
  right: 0x01,
};

/** Zero page. */
export const ZP = {
  tmp: 0x00,
  /** Counts vblanks; the main loop waits for it to change. */
  frames: 0x01,
  pad: 0x02,
  /** Last frame's pad, and the buttons that went down this frame. */
  prev: 0x03,
  pressed: 0x04,
  /** The player's sprite: position and attribute byte (its palette). */
  px: 0x05,
  py: 0x06,
  pattr: 0x07,
  /** Arguments of draw_meta: a 16×16 sprite's position, first tile and attribute. */
  mx: 0x08,
  my: 0x09,
  mtile: 0x0a,
  mattr: 0x0b,
  /** The race: the oncoming car, the state, the message shown, the score in ASCII digits. */
  ox: 0x0c,
  oy: 0x0d,
  state: 0x0e,
  msg: 0x0f,
  ones: 0x10,
  tens: 0x11,
  hundreds: 0x12,
  passed: 0x13,
  speed: 0x14,
  seed: 0x15,
  races: 0x16,
} as const;

/** Nametable 0 address of a tile cell, as the two bytes written to PPUADDR (high first). */
export function cell(row: number, col: number): [number, number] {
  const address = 0x2000 + row * 32 + col;
  return [address >> 8, address & 0xff];
}

/** Copies the `count` bytes of the table at `label` to where PPUADDR points. */
export function copyToPpu(label: string, count: number): Line[] {
  const loop = `${label}_copy`;
  return [
    { op: 'ldx #0', bytes: [0xa2, 0x00] },
    { label: loop },
    { op: `lda ${label},X`, bytes: [0xbd], abs: label },
    { op: 'sta PPUDATA', bytes: [0x8d, ...PPUDATA] },
    { op: 'inx', bytes: [0xe8] },
    { op: `cpx #${count}`, bytes: [0xe0, count] },
    { op: `bne ${loop}`, bytes: [0xd0], branch: loop },
  ];
}
