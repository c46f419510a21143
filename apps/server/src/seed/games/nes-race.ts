import type { Line } from './homebrew';
import {
  cell,
  copyToPpu,
  NOISE_LENGTH,
  NOISE_PERIOD,
  NOISE_VOL,
  PAD,
  PPUADDR,
  PPUDATA,
  PPUSTATUS,
  ZP,
} from './nes-hardware';
import { CAR_TILE, ONCOMING_TILE } from './nes-sprites';

/**
 * Neon Drift's game: a four-lane road down the middle of the screen, your car at the bottom and
 * one oncoming car at a time. Left and right steer; every car that gets past you scores a point
 * (and a note), and the cars come faster every four points; touching one ends the race with a
 * crash of noise and GAME OVER. Start starts a race, and the next one after a crash.
 *
 * The lane of each car comes from an 8-bit Galois LFSR seeded from the number of races since
 * power-on, so the first race after boot always brings the same cars.
 */

/** The road: columns 8–23 (pixels 64–191); cars are 16 wide, so x runs 64–176. */
export const ROAD = { left: 64, right: 176 };
/** Lanes' left edges: 72, 104, 136, 168. */
export const LANE_X = 72;
export const PLAYER_Y = 184;
export const PLAYER_START_X = 104;
/** A car this far down has got past you. */
export const PASSED_Y = 232;
/** Hidden: below the picture. */
export const OFFSCREEN_Y = 0xf0;
/** Closer than this on both axes is a crash. */
export const HIT = { x: 12, y: 14 };

export const STATE = { title: 0, racing: 1, over: 2 };
/** The message row's text for each state, 12 tiles from column 10 of row 14. */
export const MESSAGES = ['PRESS START ', '            ', ' GAME OVER  '];
const MESSAGE_LENGTH = 12;
export const MESSAGE_CELL = cell(14, 10);
/** "SCORE" and then three digits, on row 4. */
export const SCORE_CELL = cell(4, 18);

const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/** At the start of the fill loop: the road's columns get the blank tile. */
export function raceRoad(): Line[] {
  return [
    { op: 'txa', bytes: [0x8a] },
    { op: 'and #$1F', bytes: [0x29, 0x1f], note: 'the column' },
    { op: 'cmp #8', bytes: [0xc9, 0x08] },
    { op: 'bcc road_side', bytes: [0x90], branch: 'road_side' },
    { op: 'cmp #24', bytes: [0xc9, 0x18] },
    { op: 'bcs road_side', bytes: [0xb0], branch: 'road_side' },
    { op: 'lda #0', bytes: [0xa9, 0x00] },
    { op: 'jmp fill_put', bytes: [0x4c], abs: 'fill_put' },
    { label: 'road_side' },
  ];
}

/** The score's label, printed once; the digits after it are the NMI's. */
export function raceText(): Line[] {
  const [hi, lo] = cell(4, 12);
  return [
    { op: `lda #$${hi.toString(16)}`, bytes: [0xa9, hi] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: `lda #$${lo.toString(16)}`, bytes: [0xa9, lo] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    ...copyToPpu('score_label', 5),
  ];
}

/** Power-on: the title state, a score of 000, your car in its lane, no oncoming car. */
export function raceBoot(): Line[] {
  return [
    { op: "lda #'0'", bytes: [0xa9, 0x30] },
    { op: 'sta ones', bytes: [0x85, ZP.ones] },
    { op: 'sta tens', bytes: [0x85, ZP.tens] },
    { op: 'sta hundreds', bytes: [0x85, ZP.hundreds] },
    { op: `lda #${PLAYER_START_X}`, bytes: [0xa9, PLAYER_START_X] },
    { op: 'sta px', bytes: [0x85, ZP.px] },
    { op: `lda #${PLAYER_Y}`, bytes: [0xa9, PLAYER_Y] },
    { op: 'sta py', bytes: [0x85, ZP.py] },
    { op: `lda #$${OFFSCREEN_Y.toString(16)}`, bytes: [0xa9, OFFSCREEN_Y] },
    { op: 'sta oy', bytes: [0x85, ZP.oy] },
    { op: 'lda #LANE_X', bytes: [0xa9, LANE_X] },
    { op: 'sta ox', bytes: [0x85, ZP.ox] },
  ];
}

/** |A - operand| in A, the operand's bytes given (E5 zp or E9 #). */
const distance = (name: string, sub: Line): Line[] => [
  { op: 'sec', bytes: [0x38] },
  sub,
  { op: `bcs ${name}`, bytes: [0xb0], branch: name },
  { op: 'eor #$FF', bytes: [0x49, 0xff], note: 'negative: negate (carry is clear, so +1 below)' },
  { op: 'adc #1', bytes: [0x69, 0x01] },
  { label: name },
];

/** One frame of the race. */
export function raceUpdate(): Line[] {
  return [
    { op: 'lda state', bytes: [0xa5, ZP.state] },
    { op: 'cmp #RACING', bytes: [0xc9, STATE.racing] },
    { op: 'beq race_drive', bytes: [0xf0], branch: 'race_drive' },
    { op: 'lda pressed', bytes: [0xa5, ZP.pressed] },
    { op: 'and #START', bytes: [0x29, PAD.start] },
    { op: 'beq race_draw', bytes: [0xf0], branch: 'race_draw', note: 'waiting for Start' },
    { op: 'jsr race_start', bytes: [0x20], abs: 'race_start' },
    { op: 'jmp race_draw', bytes: [0x4c], abs: 'race_draw' },

    { label: 'race_drive' },
    { op: 'lda pad', bytes: [0xa5, ZP.pad] },
    { op: 'and #LEFT', bytes: [0x29, PAD.left] },
    { op: 'beq race_no_left', bytes: [0xf0], branch: 'race_no_left' },
    { op: 'lda px', bytes: [0xa5, ZP.px] },
    { op: `cmp #${ROAD.left + 2}`, bytes: [0xc9, ROAD.left + 2] },
    { op: 'bcc race_no_left', bytes: [0x90], branch: 'race_no_left', note: 'at the kerb' },
    { op: 'dec px', bytes: [0xc6, ZP.px] },
    { op: 'dec px', bytes: [0xc6, ZP.px] },
    { label: 'race_no_left' },
    { op: 'lda pad', bytes: [0xa5, ZP.pad] },
    { op: 'and #RIGHT', bytes: [0x29, PAD.right] },
    { op: 'beq race_no_right', bytes: [0xf0], branch: 'race_no_right' },
    { op: 'lda px', bytes: [0xa5, ZP.px] },
    { op: `cmp #${ROAD.right}`, bytes: [0xc9, ROAD.right] },
    { op: 'bcs race_no_right', bytes: [0xb0], branch: 'race_no_right', note: 'at the kerb' },
    { op: 'inc px', bytes: [0xe6, ZP.px] },
    { op: 'inc px', bytes: [0xe6, ZP.px] },
    { label: 'race_no_right' },

    { op: 'lda oy', bytes: [0xa5, ZP.oy] },
    { op: 'clc', bytes: [0x18] },
    { op: 'adc speed', bytes: [0x65, ZP.speed], note: 'the oncoming car comes down' },
    { op: 'sta oy', bytes: [0x85, ZP.oy] },
    { op: `cmp #${PASSED_Y}`, bytes: [0xc9, PASSED_Y] },
    { op: 'bcc race_check', bytes: [0x90], branch: 'race_check' },
    { op: 'jsr race_point', bytes: [0x20], abs: 'race_point' },
    { op: 'jsr race_new_car', bytes: [0x20], abs: 'race_new_car' },
    { label: 'race_check' },
    { op: 'lda ox', bytes: [0xa5, ZP.ox] },
    ...distance('race_dx', { op: 'sbc px', bytes: [0xe5, ZP.px] }),
    { op: `cmp #${HIT.x}`, bytes: [0xc9, HIT.x] },
    { op: 'bcs race_draw', bytes: [0xb0], branch: 'race_draw', note: 'another lane' },
    { op: 'lda oy', bytes: [0xa5, ZP.oy] },
    ...distance('race_dy', { op: `sbc #${PLAYER_Y}`, bytes: [0xe9, PLAYER_Y] }),
    { op: `cmp #${HIT.y}`, bytes: [0xc9, HIT.y] },
    { op: 'bcs race_draw', bytes: [0xb0], branch: 'race_draw' },
    { op: 'jsr race_crash', bytes: [0x20], abs: 'race_crash' },

    { label: 'race_draw' },
    { op: 'lda px', bytes: [0xa5, ZP.px] },
    { op: 'sta mx', bytes: [0x85, ZP.mx] },
    { op: 'lda py', bytes: [0xa5, ZP.py] },
    { op: 'sta my', bytes: [0x85, ZP.my] },
    { op: 'lda #CAR', bytes: [0xa9, CAR_TILE] },
    { op: 'sta mtile', bytes: [0x85, ZP.mtile] },
    { op: 'lda #0', bytes: [0xa9, 0x00], note: 'sprite palette 0' },
    { op: 'sta mattr', bytes: [0x85, ZP.mattr] },
    { op: 'ldx #0', bytes: [0xa2, 0x00], note: 'sprites 0–3' },
    { op: 'jsr draw_meta', bytes: [0x20], abs: 'draw_meta' },
    { op: 'lda ox', bytes: [0xa5, ZP.ox] },
    { op: 'sta mx', bytes: [0x85, ZP.mx] },
    { op: 'lda oy', bytes: [0xa5, ZP.oy] },
    { op: 'sta my', bytes: [0x85, ZP.my] },
    { op: 'lda #ONCOMING', bytes: [0xa9, ONCOMING_TILE] },
    { op: 'sta mtile', bytes: [0x85, ZP.mtile] },
    { op: 'lda #1', bytes: [0xa9, 0x01], note: 'sprite palette 1' },
    { op: 'sta mattr', bytes: [0x85, ZP.mattr] },
    { op: 'jsr draw_meta', bytes: [0x20], abs: 'draw_meta', note: 'sprites 4–7' },
  ];
}

/** Starting, scoring, the next car and the crash. */
export function raceSubroutines(): Line[] {
  return [
    { label: 'race_start' },
    { op: 'lda #RACING', bytes: [0xa9, STATE.racing] },
    { op: 'sta state', bytes: [0x85, ZP.state] },
    { op: 'lda #MSG_RACING', bytes: [0xa9, STATE.racing * MESSAGE_LENGTH] },
    { op: 'sta msg', bytes: [0x85, ZP.msg] },
    { op: "lda #'0'", bytes: [0xa9, 0x30] },
    { op: 'sta ones', bytes: [0x85, ZP.ones] },
    { op: 'sta tens', bytes: [0x85, ZP.tens] },
    { op: 'sta hundreds', bytes: [0x85, ZP.hundreds] },
    { op: 'lda #0', bytes: [0xa9, 0x00] },
    { op: 'sta passed', bytes: [0x85, ZP.passed] },
    { op: 'lda #2', bytes: [0xa9, 0x02], note: 'two pixels a frame to begin with' },
    { op: 'sta speed', bytes: [0x85, ZP.speed] },
    { op: `lda #${PLAYER_START_X}`, bytes: [0xa9, PLAYER_START_X] },
    { op: 'sta px', bytes: [0x85, ZP.px] },
    { op: 'inc races', bytes: [0xe6, ZP.races] },
    { op: 'lda races', bytes: [0xa5, ZP.races] },
    { op: 'asl A', bytes: [0x0a] },
    { op: 'ora #1', bytes: [0x09, 0x01], note: 'an LFSR must not start at zero' },
    { op: 'sta seed', bytes: [0x85, ZP.seed] },
    { op: 'jsr race_new_car', bytes: [0x20], abs: 'race_new_car' },
    { op: 'lda #$7E', bytes: [0xa9, 0x7e], note: 'A5: off we go' },
    { op: 'ldx #0', bytes: [0xa2, 0x00] },
    { op: 'jmp beep', bytes: [0x4c], abs: 'beep', note: 'its rts returns for us' },

    // The next oncoming car: a lane from the LFSR, at the top.
    { label: 'race_new_car' },
    { op: 'lda seed', bytes: [0xa5, ZP.seed] },
    { op: 'asl A', bytes: [0x0a] },
    { op: 'bcc race_lfsr', bytes: [0x90], branch: 'race_lfsr' },
    { op: 'eor #$1D', bytes: [0x49, 0x1d], note: 'x^8 + x^4 + x^3 + x^2 + 1' },
    { label: 'race_lfsr' },
    { op: 'sta seed', bytes: [0x85, ZP.seed] },
    { op: 'and #3', bytes: [0x29, 0x03], note: 'the lane' },
    { op: 'asl A', bytes: [0x0a] },
    { op: 'asl A', bytes: [0x0a] },
    { op: 'asl A', bytes: [0x0a] },
    { op: 'asl A', bytes: [0x0a] },
    { op: 'asl A', bytes: [0x0a], note: 'lanes are 32 pixels apart' },
    { op: 'clc', bytes: [0x18] },
    { op: 'adc #LANE_X', bytes: [0x69, LANE_X] },
    { op: 'sta ox', bytes: [0x85, ZP.ox] },
    { op: 'lda #0', bytes: [0xa9, 0x00] },
    { op: 'sta oy', bytes: [0x85, ZP.oy] },
    { op: 'rts', bytes: [0x60] },

    // A car got past: one more point (the counter stops at 999), faster every four, a note.
    { label: 'race_point' },
    { op: 'inc passed', bytes: [0xe6, ZP.passed] },
    { op: 'ldx #0', bytes: [0xa2, 0x00], note: 'the digit: ones, tens, hundreds' },
    { label: 'race_digit' },
    { op: 'inc ones,X', bytes: [0xf6, ZP.ones] },
    { op: 'lda ones,X', bytes: [0xb5, ZP.ones] },
    { op: "cmp #'9'+1", bytes: [0xc9, 0x3a] },
    { op: 'bne race_speed', bytes: [0xd0], branch: 'race_speed' },
    { op: "lda #'0'", bytes: [0xa9, 0x30] },
    { op: 'sta ones,X', bytes: [0x95, ZP.ones] },
    { op: 'inx', bytes: [0xe8], note: 'carry into the next digit' },
    { op: 'cpx #3', bytes: [0xe0, 0x03] },
    { op: 'bne race_digit', bytes: [0xd0], branch: 'race_digit' },
    { op: "lda #'9'", bytes: [0xa9, 0x39], note: 'past 999: stay at 999' },
    { op: 'sta ones', bytes: [0x85, ZP.ones] },
    { op: 'sta tens', bytes: [0x85, ZP.tens] },
    { op: 'sta hundreds', bytes: [0x85, ZP.hundreds] },
    { label: 'race_speed' },
    { op: 'lda passed', bytes: [0xa5, ZP.passed] },
    { op: 'lsr A', bytes: [0x4a] },
    { op: 'lsr A', bytes: [0x4a] },
    { op: 'clc', bytes: [0x18] },
    { op: 'adc #2', bytes: [0x69, 0x02], note: '2 + points / 4 pixels a frame' },
    { op: 'cmp #7', bytes: [0xc9, 0x07] },
    { op: 'bcc race_set_speed', bytes: [0x90], branch: 'race_set_speed' },
    { op: 'lda #6', bytes: [0xa9, 0x06], note: 'at most 6' },
    { label: 'race_set_speed' },
    { op: 'sta speed', bytes: [0x85, ZP.speed] },
    { op: 'lda #$A9', bytes: [0xa9, 0xa9], note: 'E5' },
    { op: 'ldx #0', bytes: [0xa2, 0x00] },
    { op: 'jmp beep', bytes: [0x4c], abs: 'beep' },

    // A crash: GAME OVER and a burst of noise.
    { label: 'race_crash' },
    { op: 'lda #OVER', bytes: [0xa9, STATE.over] },
    { op: 'sta state', bytes: [0x85, ZP.state] },
    { op: 'lda #MSG_OVER', bytes: [0xa9, STATE.over * MESSAGE_LENGTH] },
    { op: 'sta msg', bytes: [0x85, ZP.msg] },
    { op: 'lda #$08', bytes: [0xa9, 0x08], note: 'envelope decaying at period 8' },
    { op: 'sta NOISE_VOL', bytes: [0x8d, ...NOISE_VOL] },
    { op: 'lda #$0C', bytes: [0xa9, 0x0c], note: 'a low rumble' },
    { op: 'sta NOISE_PERIOD', bytes: [0x8d, ...NOISE_PERIOD] },
    { op: 'lda #$08', bytes: [0xa9, 0x08] },
    { op: 'sta NOISE_LENGTH', bytes: [0x8d, ...NOISE_LENGTH], note: 'this write starts it' },
    { op: 'rts', bytes: [0x60] },
  ];
}

/** In vblank: the three score digits and the message row. */
export function raceNmi(): Line[] {
  const [scoreHi, scoreLo] = SCORE_CELL;
  const [msgHi, msgLo] = MESSAGE_CELL;
  return [
    { op: 'lda PPUSTATUS', bytes: [0xad, ...PPUSTATUS], note: 'reset the address latch' },
    { op: `lda #$${scoreHi.toString(16)}`, bytes: [0xa9, scoreHi] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: `lda #$${scoreLo.toString(16)}`, bytes: [0xa9, scoreLo] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: 'lda hundreds', bytes: [0xa5, ZP.hundreds] },
    { op: 'sta PPUDATA', bytes: [0x8d, ...PPUDATA] },
    { op: 'lda tens', bytes: [0xa5, ZP.tens] },
    { op: 'sta PPUDATA', bytes: [0x8d, ...PPUDATA] },
    { op: 'lda ones', bytes: [0xa5, ZP.ones] },
    { op: 'sta PPUDATA', bytes: [0x8d, ...PPUDATA] },
    { op: `lda #$${msgHi.toString(16)}`, bytes: [0xa9, msgHi] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: `lda #$${msgLo.toString(16)}`, bytes: [0xa9, msgLo] },
    { op: 'sta PPUADDR', bytes: [0x8d, ...PPUADDR] },
    { op: 'ldx msg', bytes: [0xa6, ZP.msg] },
    { op: `ldy #${MESSAGE_LENGTH}`, bytes: [0xa0, MESSAGE_LENGTH] },
    { label: 'race_msg_loop' },
    { op: 'lda race_messages,X', bytes: [0xbd], abs: 'race_messages' },
    { op: 'sta PPUDATA', bytes: [0x8d, ...PPUDATA] },
    { op: 'inx', bytes: [0xe8] },
    { op: 'dey', bytes: [0x88] },
    { op: 'bne race_msg_loop', bytes: [0xd0], branch: 'race_msg_loop' },
  ];
}

/** The race's texts. */
export function raceData(): Line[] {
  return [
    { label: 'score_label' },
    { data: ascii('SCORE') },
    { label: 'race_messages' },
    { data: MESSAGES.flatMap(ascii) },
  ];
}
