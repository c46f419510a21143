import { ascii, TILE_COUNT, titleScreen } from './carts';
import { assemble, characterRom, type Line } from './homebrew';

/**
 * The demo catalogue's Game Boy cartridges: a 32 KiB ROM-only image with a correct header (and
 * its checksums) and an SM83 program, hand-assembled by homebrew.ts's two-pass assembler (`abs`
 * is a little-endian address, `branch` a `jr` offset from the next instruction, as on the 6502).
 *
 * Two programs share one frame loop (wait for vblank, draw the sprites, read the pad, play):
 * - `demo`: the cart's title screen with a sprite the pad steers; A and B sound a note and swap
 *   the sprite's palette or mirror it, Start sends it home with a noise burst.
 * - `catch`: a small complete game. Bugs drop one at a time down a walled field; the player
 *   moves along the floor to catch them. A catch scores a point (three digits, top left) and
 *   chimes; a bug that reaches the floor costs one of three lives and crackles; the third miss
 *   ends the round with GAME OVER, and Start begins a new one.
 */

export type GameBoyCart = 'demo' | 'catch';

export const GB_SIZE = 0x8000;
const GB_ORIGIN = 0x150;

/** The player's tile and the bug's, after the title screen's tiles. */
export const GB_PLAYER_TILE = TILE_COUNT;
export const GB_BUG_TILE = TILE_COUNT + 1;
export const GB_TILE_COUNT = TILE_COUNT + 2;

/** BGP: colour 3 black, 2 dark grey, 1 light grey, 0 white. */
export const GB_BGP = 0xe4;
/**
 * The sprites' palettes (colour 0 is see-through): OBP0 keeps 3 black and 2 dark grey but makes 1
 * white, so the player's face stands out on the title screen's grey pattern; OBP1, which A swaps
 * in, turns it round (a black face with a white outline).
 */
export const GB_OBP0 = 0xe0;
export const GB_OBP1 = 0x1c;
/** LCDC: LCD on, background and tiles at $8000, map at $9800, 8×8 sprites on. */
export const GB_LCDC_ON = 0x93;

// I/O registers, as `ldh` offsets from $FF00.
const P1 = 0x00;
const NR21 = 0x16;
const NR22 = 0x17;
const NR23 = 0x18;
const NR24 = 0x19;
const NR41 = 0x20;
const NR42 = 0x21;
const NR43 = 0x22;
const NR44 = 0x23;
const NR50 = 0x24;
const NR51 = 0x25;
const NR52 = 0x26;
const LCDC = 0x40;
const SCY = 0x42;
const SCX = 0x43;
const LY = 0x44;
const BGP = 0x47;
const OBP0 = 0x48;
const OBP1 = 0x49;

/** The program's variables in high RAM (`ldh` offsets), all zero after the start-up clear. */
export const GB_VARS = {
  pad: 0x80, // buttons held: bit 0 A, 1 B, 2 Select, 3 Start, 4 right, 5 left, 6 up, 7 down
  pressed: 0x81, // buttons held now and not in the frame before
  x: 0x82, // the player sprite's OAM x (screen x + 8)
  y: 0x83, // its OAM y (screen y + 16)
  attr: 0x84, // its OAM attributes: bit 4 palette OBP1, bit 5 mirrored
  state: 0x85, // catch: 0 waiting for Start, 1 playing, 2 game over
  score: 0x86, // catch: the score's tens and ones, BCD
  hundreds: 0x87, // catch: the score's hundreds, 0–9
  lives: 0x88, // catch
  bugX: 0x89, // catch: the bug's OAM x
  bugY: 0x8a, // catch: its OAM y, 0 hides it
  next: 0x8b, // catch: the next index into the column table
} as const;
const V = GB_VARS;

/** Pad bits, as `read_pad` leaves them in `pad`. */
const A_BUTTON = 0x01;
const B_BUTTON = 0x02;
const START = 0x08;
const RIGHT = 0x10;
const LEFT = 0x20;
const UP = 0x40;
const DOWN = 0x80;

/** Where the player starts (OAM coordinates): bottom middle. */
export const GB_START = { x: 80, y: 144 };
/** Catch: the bug starts its fall here (just below the status row), two pixels a frame. */
const BUG_TOP = 24;
/** Catch: the row the player stands on, and the floor a missed bug lands on (OAM y). */
const CATCH_ROW = GB_START.y;
const FLOOR = CATCH_ROW + 8;
/**
 * Catch: the columns bugs fall in, in turn (OAM x). The first falls where the player starts, so
 * a first catch needs no aim; the next three fall well away from it.
 */
export const GB_COLUMNS = [80, 24, 136, 40, 120, 64, 152, 16, 104, 48, 144, 32, 96, 128, 56, 88];
/** Catch: the status row's cells: the score's three digits and the lives digit. */
export const GB_SCORE_CELL = 0x9800 + 7;
export const GB_LIVES_CELL = 0x9800 + 18;
/** Catch: the message row's first cell, and its three messages (by state), 12 cells each. */
export const GB_MESSAGE_CELL = 0x9800 + 10 * 32 + 4;
export const GB_MESSAGES = ['PRESS START', '', 'GAME OVER'].map((m) =>
  `${' '.repeat(Math.floor((12 - m.length) / 2))}${m}`.padEnd(12),
);

/** An 8×8 tile drawn as rows of colour digits ('.' is colour 0) → 2bpp: low plane, high plane a row. */
function spriteTile(rows: string[]): number[] {
  return rows.flatMap((row) => {
    let low = 0;
    let high = 0;
    for (const [x, ch] of [...row].entries()) {
      const c = ch === '.' ? 0 : Number(ch);
      if (c & 1) low |= 0x80 >> x;
      if (c & 2) high |= 0x80 >> x;
    }
    return [low, high];
  });
}

/** The player, facing right (so mirroring it shows). */
const PLAYER = spriteTile([
  '..3333..',
  '.311113.',
  '31113131',
  '31111113',
  '31111333',
  '31111113',
  '.311113.',
  '..3..3..',
]);

/** A bug. */
const BUG = spriteTile([
  '3......3',
  '.3.33.3.',
  '..3223..',
  '.322223.',
  '33222233',
  '.322223.',
  '..3333..',
  '.3....3.',
]);

/** The Game Boy's 2bpp tiles: the homebrew tiles (per row, low plane then high), then the sprites. */
export function gameBoyTiles(): number[] {
  const chr = characterRom();
  const out: number[] = [];
  for (let t = 0; t < TILE_COUNT; t += 1)
    for (let y = 0; y < 8; y += 1) out.push(chr[t * 16 + y]!, chr[t * 16 + 8 + y]!);
  return [...out, ...PLAYER, ...BUG];
}

const text = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/**
 * The 32×32 background map at $9800; the screen shows its top-left 20×18. A demo cart shows its
 * title screen; the catch game a status row, a walled field with the title, and a floor.
 */
export function gameBoyMap(title: string, seed: number, cart: GameBoyCart = 'demo'): number[] {
  const screen = titleScreen(title, seed, { cols: 20, rows: 18 }, { width: 32, height: 32 });
  if (cart === 'demo') return screen.flat();
  const map = screen.map((row) => row.map((cell, x) => (x < 20 ? 0 : cell)));
  const put = (x: number, y: number, s: string) => {
    for (const [i, code] of text(s).entries()) map[y]![x + i] = code;
  };
  put(1, 0, 'SCORE 000');
  put(12, 0, 'LIVES 3');
  for (let y = 1; y < 17; y += 1) {
    map[y]![0] = 2;
    map[y]![19] = 2;
  }
  for (let x = 0; x < 20; x += 1) map[17]![x] = 2;
  const lines = titleScreenLines(title);
  for (const [i, line] of lines.entries()) put(Math.floor((20 - line.length) / 2), 4 + i, line);
  put(4, 10, GB_MESSAGES[0]!);
  return map.flat();
}

/** The title as the catch game's field shows it: up to three lines of 16 cells. */
function titleScreenLines(title: string): string[] {
  const out: string[] = [];
  for (const word of title.toUpperCase().split(' ')) {
    const last = out[out.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= 16) out[out.length - 1] = `${last} ${word}`;
    else out.push(word.slice(0, 16));
  }
  return out.slice(0, 3);
}

const lo = (n: number) => n & 0xff;
const hi = (n: number) => n >> 8;

/** Start-up: LCD off in vblank, tiles and map in, sprites and variables cleared, palettes, sound on. */
function setUp(tiles: number[], map: number[], cart: GameBoyCart): Line[] {
  return [
    { label: 'start' },
    { op: 'di', bytes: [0xf3] },
    { op: 'ld sp,$FFFE', bytes: [0x31, 0xfe, 0xff] },
    { label: 'wait_vblank' },
    { op: 'ldh a,(LY)', bytes: [0xf0, LY], note: 'the LCD may be turned off only in vblank' },
    { op: 'cp 144', bytes: [0xfe, 0x90] },
    { op: 'jr c,wait_vblank', bytes: [0x38], branch: 'wait_vblank' },
    { op: 'xor a', bytes: [0xaf] },
    { op: 'ldh (LCDC),a', bytes: [0xe0, LCDC], note: 'LCD off: video memory is free to write' },
    { op: 'ld hl,$8000', bytes: [0x21, 0x00, 0x80] },
    { op: 'ld de,tiles', bytes: [0x11], abs: 'tiles' },
    { op: `ld bc,${tiles.length}`, bytes: [0x01, lo(tiles.length), hi(tiles.length)] },
    { op: 'call copy', bytes: [0xcd], abs: 'copy' },
    { op: 'ld hl,$9800', bytes: [0x21, 0x00, 0x98] },
    { op: 'ld de,map', bytes: [0x11], abs: 'map' },
    { op: `ld bc,${map.length}`, bytes: [0x01, lo(map.length), hi(map.length)] },
    { op: 'call copy', bytes: [0xcd], abs: 'copy' },
    { op: 'ld hl,$FE00', bytes: [0x21, 0x00, 0xfe], note: 'sprite memory holds noise at power-on' },
    { op: 'ld b,160', bytes: [0x06, 0xa0] },
    { op: 'call clear', bytes: [0xcd], abs: 'clear' },
    { op: 'ld hl,$FF80', bytes: [0x21, 0x80, 0xff], note: 'and so does high RAM: the variables' },
    { op: 'ld b,16', bytes: [0x06, 0x10] },
    { op: 'call clear', bytes: [0xcd], abs: 'clear' },
    { op: 'ld a,BGP', bytes: [0x3e, GB_BGP] },
    { op: 'ldh (BGP),a', bytes: [0xe0, BGP] },
    { op: 'ld a,OBP0', bytes: [0x3e, GB_OBP0] },
    { op: 'ldh (OBP0),a', bytes: [0xe0, OBP0] },
    { op: 'ld a,OBP1', bytes: [0x3e, GB_OBP1] },
    { op: 'ldh (OBP1),a', bytes: [0xe0, OBP1] },
    { op: 'xor a', bytes: [0xaf] },
    { op: 'ldh (SCY),a', bytes: [0xe0, SCY] },
    { op: 'ldh (SCX),a', bytes: [0xe0, SCX] },
    { op: 'ld a,$80', bytes: [0x3e, 0x80] },
    { op: 'ldh (NR52),a', bytes: [0xe0, NR52], note: 'sound on' },
    { op: 'ld a,$77', bytes: [0x3e, 0x77] },
    { op: 'ldh (NR50),a', bytes: [0xe0, NR50], note: 'full volume, both sides' },
    { op: 'ld a,$FF', bytes: [0x3e, 0xff] },
    { op: 'ldh (NR51),a', bytes: [0xe0, NR51], note: 'every channel to both sides' },
    { op: `ld a,${GB_START.x}`, bytes: [0x3e, GB_START.x] },
    { op: 'ldh (x),a', bytes: [0xe0, V.x] },
    { op: `ld a,${GB_START.y}`, bytes: [0x3e, GB_START.y] },
    { op: 'ldh (y),a', bytes: [0xe0, V.y] },
    ...(cart === 'catch'
      ? [
          { op: 'ld a,3', bytes: [0x3e, 0x03] },
          { op: 'ldh (lives),a', bytes: [0xe0, V.lives], note: 'the status row shows 3 before a round' },
        ]
      : []),
    { op: 'ld a,LCDC_ON', bytes: [0x3e, GB_LCDC_ON] },
    { op: 'ldh (LCDC),a', bytes: [0xe0, LCDC] },
  ];
}

/** The frame loop's head: wait for vblank, draw, read the pad. `play` follows and jumps back. */
function frameHead(cart: GameBoyCart): Line[] {
  return [
    { label: 'frame' },
    { op: 'call wait_frame', bytes: [0xcd], abs: 'wait_frame' },
    { op: 'ld hl,$FE00', bytes: [0x21, 0x00, 0xfe], note: 'sprite 0: the player' },
    { op: 'ldh a,(y)', bytes: [0xf0, V.y] },
    { op: 'ld (hl+),a', bytes: [0x22] },
    { op: 'ldh a,(x)', bytes: [0xf0, V.x] },
    { op: 'ld (hl+),a', bytes: [0x22] },
    { op: 'ld a,PLAYER_TILE', bytes: [0x3e, GB_PLAYER_TILE] },
    { op: 'ld (hl+),a', bytes: [0x22] },
    { op: 'ldh a,(attr)', bytes: [0xf0, V.attr] },
    { op: 'ld (hl+),a', bytes: [0x22] },
    ...(cart === 'catch' ? drawStatus() : []),
    { op: 'call read_pad', bytes: [0xcd], abs: 'read_pad' },
  ];
}

/** Catch: sprite 1 (the bug), the score and lives digits, the state's message — still in vblank. */
function drawStatus(): Line[] {
  return [
    { op: 'ldh a,(bugY)', bytes: [0xf0, V.bugY], note: 'sprite 1: the bug' },
    { op: 'ld (hl+),a', bytes: [0x22] },
    { op: 'ldh a,(bugX)', bytes: [0xf0, V.bugX] },
    { op: 'ld (hl+),a', bytes: [0x22] },
    { op: 'ld a,BUG_TILE', bytes: [0x3e, GB_BUG_TILE] },
    { op: 'ld (hl+),a', bytes: [0x22] },
    { op: 'xor a', bytes: [0xaf] },
    { op: 'ld (hl+),a', bytes: [0x22] },
    { op: 'ld hl,SCORE_CELL', bytes: [0x21, lo(GB_SCORE_CELL), hi(GB_SCORE_CELL)] },
    { op: 'ldh a,(hundreds)', bytes: [0xf0, V.hundreds] },
    { op: "add a,'0'", bytes: [0xc6, 0x30], note: 'the font sits at the ASCII codes' },
    { op: 'ld (hl+),a', bytes: [0x22] },
    { op: 'ldh a,(score)', bytes: [0xf0, V.score] },
    { op: 'swap a', bytes: [0xcb, 0x37], note: 'tens' },
    { op: 'and $0F', bytes: [0xe6, 0x0f] },
    { op: "add a,'0'", bytes: [0xc6, 0x30] },
    { op: 'ld (hl+),a', bytes: [0x22] },
    { op: 'ldh a,(score)', bytes: [0xf0, V.score] },
    { op: 'and $0F', bytes: [0xe6, 0x0f], note: 'ones' },
    { op: "add a,'0'", bytes: [0xc6, 0x30] },
    { op: 'ld (hl+),a', bytes: [0x22] },
    { op: 'ld hl,LIVES_CELL', bytes: [0x21, lo(GB_LIVES_CELL), hi(GB_LIVES_CELL)] },
    { op: 'ldh a,(lives)', bytes: [0xf0, V.lives] },
    { op: "add a,'0'", bytes: [0xc6, 0x30] },
    { op: 'ld (hl),a', bytes: [0x77] },
    { op: 'ldh a,(state)', bytes: [0xf0, V.state], note: 'the message: messages + state × 12' },
    { op: 'ld e,a', bytes: [0x5f] },
    { op: 'add a,a', bytes: [0x87] },
    { op: 'add a,e', bytes: [0x83], note: '× 3' },
    { op: 'add a,a', bytes: [0x87] },
    { op: 'add a,a', bytes: [0x87], note: '× 12' },
    { op: 'ld e,a', bytes: [0x5f] },
    { op: 'ld d,0', bytes: [0x16, 0x00] },
    { op: 'ld hl,messages', bytes: [0x21], abs: 'messages' },
    { op: 'add hl,de', bytes: [0x19] },
    { op: 'ld d,h', bytes: [0x54] },
    { op: 'ld e,l', bytes: [0x5d] },
    { op: 'ld hl,MESSAGE_CELL', bytes: [0x21, lo(GB_MESSAGE_CELL), hi(GB_MESSAGE_CELL)] },
    { op: 'ld bc,12', bytes: [0x01, 0x0c, 0x00] },
    { op: 'call copy', bytes: [0xcd], abs: 'copy' },
  ];
}

/** Demo: the pad steers the sprite a pixel a frame; A, B and Start each sound and change it. */
function playDemo(): Line[] {
  const step = (bit: number, name: string, v: number, limit: number, op: 'inc' | 'dec'): Line[] => [
    { op: `ldh a,(pad)`, bytes: [0xf0, V.pad] },
    { op: `and ${name}`, bytes: [0xe6, bit] },
    { op: `jr z,no_${name}`, bytes: [0x28], branch: `no_${name}` },
    { op: `ldh a,(${v === V.x ? 'x' : 'y'})`, bytes: [0xf0, v] },
    { op: `cp ${limit}`, bytes: [0xfe, limit], note: 'the screen edge' },
    { op: `jr z,no_${name}`, bytes: [0x28], branch: `no_${name}` },
    { op: `${op} a`, bytes: [op === 'inc' ? 0x3c : 0x3d] },
    { op: `ldh (${v === V.x ? 'x' : 'y'}),a`, bytes: [0xe0, v] },
    { label: `no_${name}` },
  ];
  const onPress = (bit: number, name: string, body: Line[]): Line[] => [
    { op: 'ldh a,(pressed)', bytes: [0xf0, V.pressed] },
    { op: `and ${name}`, bytes: [0xe6, bit] },
    { op: `jr z,no_${name}`, bytes: [0x28], branch: `no_${name}` },
    ...body,
    { label: `no_${name}` },
  ];
  return [
    ...step(RIGHT, 'right', V.x, 160, 'inc'),
    ...step(LEFT, 'left', V.x, 8, 'dec'),
    ...step(UP, 'up', V.y, 16, 'dec'),
    ...step(DOWN, 'down', V.y, 152, 'inc'),
    ...onPress(A_BUTTON, 'a', [
      { op: 'ldh a,(attr)', bytes: [0xf0, V.attr] },
      { op: 'xor $10', bytes: [0xee, 0x10], note: 'the other sprite palette' },
      { op: 'ldh (attr),a', bytes: [0xe0, V.attr] },
      { op: 'ld a,HIGH', bytes: [0x3e, NOTE_HIGH] },
      { op: 'call beep', bytes: [0xcd], abs: 'beep' },
    ]),
    ...onPress(B_BUTTON, 'b', [
      { op: 'ldh a,(attr)', bytes: [0xf0, V.attr] },
      { op: 'xor $20', bytes: [0xee, 0x20], note: 'mirrored' },
      { op: 'ldh (attr),a', bytes: [0xe0, V.attr] },
      { op: 'ld a,LOW', bytes: [0x3e, NOTE_LOW] },
      { op: 'call beep', bytes: [0xcd], abs: 'beep' },
    ]),
    ...onPress(START, 'start', [
      { op: `ld a,${GB_START.x}`, bytes: [0x3e, GB_START.x], note: 'home' },
      { op: 'ldh (x),a', bytes: [0xe0, V.x] },
      { op: `ld a,${GB_START.y}`, bytes: [0x3e, GB_START.y] },
      { op: 'ldh (y),a', bytes: [0xe0, V.y] },
      { op: 'call noise', bytes: [0xcd], abs: 'noise' },
    ]),
    { op: 'jp frame', bytes: [0xc3], abs: 'frame' },
  ];
}

/** Catch: the player runs along the floor two pixels a frame; the bug falls; Start plays a round. */
function playCatch(): Line[] {
  return [
    { op: 'ldh a,(pad)', bytes: [0xf0, V.pad] },
    { op: 'and RIGHT', bytes: [0xe6, RIGHT] },
    { op: 'jr z,no_right', bytes: [0x28], branch: 'no_right' },
    { op: 'ldh a,(x)', bytes: [0xf0, V.x] },
    { op: 'cp 152', bytes: [0xfe, 152], note: 'the right wall' },
    { op: 'jr nc,no_right', bytes: [0x30], branch: 'no_right' },
    { op: 'add a,2', bytes: [0xc6, 0x02] },
    { op: 'ldh (x),a', bytes: [0xe0, V.x] },
    { label: 'no_right' },
    { op: 'ldh a,(pad)', bytes: [0xf0, V.pad] },
    { op: 'and LEFT', bytes: [0xe6, LEFT] },
    { op: 'jr z,no_left', bytes: [0x28], branch: 'no_left' },
    { op: 'ldh a,(x)', bytes: [0xf0, V.x] },
    { op: 'cp 17', bytes: [0xfe, 17], note: 'the left wall' },
    { op: 'jr c,no_left', bytes: [0x38], branch: 'no_left' },
    { op: 'sub 2', bytes: [0xd6, 0x02] },
    { op: 'ldh (x),a', bytes: [0xe0, V.x] },
    { label: 'no_left' },
    { op: 'ldh a,(pressed)', bytes: [0xf0, V.pressed] },
    { op: 'and A', bytes: [0xe6, A_BUTTON] },
    { op: 'jr z,no_a', bytes: [0x28], branch: 'no_a' },
    { op: 'ld a,HIGH', bytes: [0x3e, NOTE_HIGH] },
    { op: 'call beep', bytes: [0xcd], abs: 'beep' },
    { label: 'no_a' },
    { op: 'ldh a,(state)', bytes: [0xf0, V.state] },
    { op: 'cp 1', bytes: [0xfe, 0x01] },
    { op: 'jr z,playing', bytes: [0x28], branch: 'playing' },
    { op: 'ldh a,(pressed)', bytes: [0xf0, V.pressed], note: 'waiting or game over: Start plays' },
    { op: 'and START', bytes: [0xe6, START] },
    { op: 'jp z,frame', bytes: [0xca], abs: 'frame' },
    { op: 'call new_round', bytes: [0xcd], abs: 'new_round' },
    { op: 'jp frame', bytes: [0xc3], abs: 'frame' },
    { label: 'playing' },
    { op: 'ldh a,(bugY)', bytes: [0xf0, V.bugY] },
    { op: 'add a,2', bytes: [0xc6, 0x02] },
    { op: 'ldh (bugY),a', bytes: [0xe0, V.bugY] },
    { op: `cp ${CATCH_ROW}`, bytes: [0xfe, CATCH_ROW] },
    { op: 'jr nz,falling', bytes: [0x20], branch: 'falling' },
    { op: 'ldh a,(x)', bytes: [0xf0, V.x], note: "at the player's row: caught if |bugX − x| < 8" },
    { op: 'ld b,a', bytes: [0x47] },
    { op: 'ldh a,(bugX)', bytes: [0xf0, V.bugX] },
    { op: 'sub b', bytes: [0x90] },
    { op: 'jr nc,distance', bytes: [0x30], branch: 'distance' },
    { op: 'cpl', bytes: [0x2f] },
    { op: 'inc a', bytes: [0x3c] },
    { label: 'distance' },
    { op: 'cp 8', bytes: [0xfe, 0x08] },
    { op: 'jp nc,frame', bytes: [0xd2], abs: 'frame' },
    { op: 'ldh a,(score)', bytes: [0xf0, V.score], note: 'caught: one more point' },
    { op: 'add a,1', bytes: [0xc6, 0x01] },
    { op: 'daa', bytes: [0x27], note: 'the score counts in decimal' },
    { op: 'ldh (score),a', bytes: [0xe0, V.score] },
    { op: 'jr nc,scored', bytes: [0x30], branch: 'scored' },
    { op: 'ldh a,(hundreds)', bytes: [0xf0, V.hundreds] },
    { op: 'inc a', bytes: [0x3c] },
    { op: 'cp 10', bytes: [0xfe, 0x0a] },
    { op: 'jr nz,hundreds', bytes: [0x20], branch: 'hundreds' },
    { op: 'xor a', bytes: [0xaf], note: 'past 999 the counter turns over' },
    { label: 'hundreds' },
    { op: 'ldh (hundreds),a', bytes: [0xe0, V.hundreds] },
    { label: 'scored' },
    { op: 'ld a,CHIME', bytes: [0x3e, NOTE_CHIME] },
    { op: 'call beep', bytes: [0xcd], abs: 'beep' },
    { op: 'call drop', bytes: [0xcd], abs: 'drop' },
    { op: 'jp frame', bytes: [0xc3], abs: 'frame' },
    { label: 'falling' },
    { op: `cp ${FLOOR}`, bytes: [0xfe, FLOOR] },
    { op: 'jp c,frame', bytes: [0xda], abs: 'frame' },
    { op: 'call noise', bytes: [0xcd], abs: 'noise', note: 'on the floor: a miss' },
    { op: 'ldh a,(lives)', bytes: [0xf0, V.lives] },
    { op: 'dec a', bytes: [0x3d] },
    { op: 'ldh (lives),a', bytes: [0xe0, V.lives] },
    { op: 'jr z,game_over', bytes: [0x28], branch: 'game_over' },
    { op: 'call drop', bytes: [0xcd], abs: 'drop' },
    { op: 'jp frame', bytes: [0xc3], abs: 'frame' },
    { label: 'game_over' },
    { op: 'ld a,2', bytes: [0x3e, 0x02] },
    { op: 'ldh (state),a', bytes: [0xe0, V.state] },
    { op: 'xor a', bytes: [0xaf] },
    { op: 'ldh (bugY),a', bytes: [0xe0, V.bugY], note: 'the bug off screen' },
    { op: 'jp frame', bytes: [0xc3], abs: 'frame' },
    // new_round: score 000, three lives, playing; then falls into drop.
    { label: 'new_round' },
    { op: 'xor a', bytes: [0xaf] },
    { op: 'ldh (score),a', bytes: [0xe0, V.score] },
    { op: 'ldh (hundreds),a', bytes: [0xe0, V.hundreds] },
    { op: 'ldh (next),a', bytes: [0xe0, V.next] },
    { op: 'ld a,3', bytes: [0x3e, 0x03] },
    { op: 'ldh (lives),a', bytes: [0xe0, V.lives] },
    { op: 'ld a,1', bytes: [0x3e, 0x01] },
    { op: 'ldh (state),a', bytes: [0xe0, V.state] },
    { op: 'ld a,LOW', bytes: [0x3e, NOTE_LOW] },
    { op: 'call beep', bytes: [0xcd], abs: 'beep' },
    // drop: a new bug at the top, in the next column of the table.
    { label: 'drop' },
    { op: `ld a,${BUG_TOP}`, bytes: [0x3e, BUG_TOP] },
    { op: 'ldh (bugY),a', bytes: [0xe0, V.bugY] },
    { op: 'ldh a,(next)', bytes: [0xf0, V.next] },
    { op: 'ld e,a', bytes: [0x5f] },
    { op: 'inc a', bytes: [0x3c] },
    { op: `and ${GB_COLUMNS.length - 1}`, bytes: [0xe6, GB_COLUMNS.length - 1] },
    { op: 'ldh (next),a', bytes: [0xe0, V.next] },
    { op: 'ld d,0', bytes: [0x16, 0x00] },
    { op: 'ld hl,columns', bytes: [0x21], abs: 'columns' },
    { op: 'add hl,de', bytes: [0x19] },
    { op: 'ld a,(hl)', bytes: [0x7e] },
    { op: 'ldh (bugX),a', bytes: [0xe0, V.bugX] },
    { op: 'ret', bytes: [0xc9] },
  ];
}

/** Channel 2's frequency low bytes (with high bits 7: 131072 / (2048 − $7xx) Hz). */
export const NOTE_HIGH = 0xc1; // ≈ 2080 Hz
export const NOTE_CHIME = 0x83; // ≈ 1050 Hz
export const NOTE_LOW = 0x06; // ≈ 540 Hz

/** Subroutines both programs share. */
function subroutines(): Line[] {
  return [
    // wait_frame: returns at the start of the next vblank (leaving the current one first).
    { label: 'wait_frame' },
    { op: 'ldh a,(LY)', bytes: [0xf0, LY] },
    { op: 'cp 144', bytes: [0xfe, 0x90] },
    { op: 'jr nc,wait_frame', bytes: [0x30], branch: 'wait_frame' },
    { label: 'wait_line_144' },
    { op: 'ldh a,(LY)', bytes: [0xf0, LY] },
    { op: 'cp 144', bytes: [0xfe, 0x90] },
    { op: 'jr c,wait_line_144', bytes: [0x38], branch: 'wait_line_144' },
    { op: 'ret', bytes: [0xc9] },
    // read_pad: pad = the buttons held (directions high nibble), pressed = those new this frame.
    { label: 'read_pad' },
    { op: 'ld a,$20', bytes: [0x3e, 0x20] },
    { op: 'ldh (P1),a', bytes: [0xe0, P1], note: 'select the directions' },
    { op: 'ldh a,(P1)', bytes: [0xf0, P1] },
    { op: 'ldh a,(P1)', bytes: [0xf0, P1], note: 'read twice: the lines take a moment to settle' },
    { op: 'cpl', bytes: [0x2f], note: 'a pressed button reads 0' },
    { op: 'and $0F', bytes: [0xe6, 0x0f] },
    { op: 'swap a', bytes: [0xcb, 0x37] },
    { op: 'ld b,a', bytes: [0x47] },
    { op: 'ld a,$10', bytes: [0x3e, 0x10] },
    { op: 'ldh (P1),a', bytes: [0xe0, P1], note: 'select the buttons' },
    { op: 'ldh a,(P1)', bytes: [0xf0, P1] },
    { op: 'ldh a,(P1)', bytes: [0xf0, P1] },
    { op: 'ldh a,(P1)', bytes: [0xf0, P1] },
    { op: 'ldh a,(P1)', bytes: [0xf0, P1] },
    { op: 'cpl', bytes: [0x2f] },
    { op: 'and $0F', bytes: [0xe6, 0x0f] },
    { op: 'or b', bytes: [0xb0] },
    { op: 'ld b,a', bytes: [0x47] },
    { op: 'ld a,$30', bytes: [0x3e, 0x30] },
    { op: 'ldh (P1),a', bytes: [0xe0, P1], note: 'deselect both' },
    { op: 'ldh a,(pad)', bytes: [0xf0, V.pad] },
    { op: 'cpl', bytes: [0x2f] },
    { op: 'and b', bytes: [0xa0], note: 'held now, not held before' },
    { op: 'ldh (pressed),a', bytes: [0xe0, V.pressed] },
    { op: 'ld a,b', bytes: [0x78] },
    { op: 'ldh (pad),a', bytes: [0xe0, V.pad] },
    { op: 'ret', bytes: [0xc9] },
    // beep: a square-wave note on channel 2 (A: the frequency's low byte) that fades in ¾ s.
    { label: 'beep' },
    { op: 'ldh (NR23),a', bytes: [0xe0, NR23] },
    { op: 'ld a,$80', bytes: [0x3e, 0x80] },
    { op: 'ldh (NR21),a', bytes: [0xe0, NR21], note: 'half duty' },
    { op: 'ld a,$F3', bytes: [0x3e, 0xf3] },
    { op: 'ldh (NR22),a', bytes: [0xe0, NR22], note: 'full volume, fading' },
    { op: 'ld a,$87', bytes: [0x3e, 0x87] },
    { op: 'ldh (NR24),a', bytes: [0xe0, NR24], note: 'start, frequency high bits 7' },
    { op: 'ret', bytes: [0xc9] },
    // noise: a short burst on channel 4.
    { label: 'noise' },
    { op: 'xor a', bytes: [0xaf] },
    { op: 'ldh (NR41),a', bytes: [0xe0, NR41] },
    { op: 'ld a,$F2', bytes: [0x3e, 0xf2] },
    { op: 'ldh (NR42),a', bytes: [0xe0, NR42], note: 'full volume, fading fast' },
    { op: 'ld a,$55', bytes: [0x3e, 0x55] },
    { op: 'ldh (NR43),a', bytes: [0xe0, NR43] },
    { op: 'ld a,$80', bytes: [0x3e, 0x80] },
    { op: 'ldh (NR44),a', bytes: [0xe0, NR44], note: 'start' },
    { op: 'ret', bytes: [0xc9] },
    // clear: B bytes of zero from HL.
    { label: 'clear' },
    { op: 'xor a', bytes: [0xaf] },
    { label: 'clear_loop' },
    { op: 'ld (hl+),a', bytes: [0x22] },
    { op: 'dec b', bytes: [0x05] },
    { op: 'jr nz,clear_loop', bytes: [0x20], branch: 'clear_loop' },
    { op: 'ret', bytes: [0xc9] },
    // copy: BC bytes from DE to HL.
    { label: 'copy' },
    { op: 'ld a,(de)', bytes: [0x1a] },
    { op: 'ld (hl+),a', bytes: [0x22] },
    { op: 'inc de', bytes: [0x13] },
    { op: 'dec bc', bytes: [0x0b] },
    { op: 'ld a,b', bytes: [0x78] },
    { op: 'or c', bytes: [0xb1] },
    { op: 'jr nz,copy', bytes: [0x20], branch: 'copy' },
    { op: 'ret', bytes: [0xc9] },
  ];
}

function gameBoyProgram(title: string, seed: number, cart: GameBoyCart): Line[] {
  const tiles = gameBoyTiles();
  const map = gameBoyMap(title, seed, cart);
  return [
    ...setUp(tiles, map, cart),
    ...frameHead(cart),
    ...(cart === 'catch' ? playCatch() : playDemo()),
    ...subroutines(),
    ...(cart === 'catch'
      ? [
          { label: 'messages' },
          { data: GB_MESSAGES.flatMap(text) },
          { label: 'columns' },
          { data: GB_COLUMNS },
        ]
      : []),
    { label: 'tiles' },
    { data: tiles },
    { label: 'map' },
    { data: map },
  ];
}

/** Assembles the program at $0150; its labels too, for tests. */
export function gameBoyCode(
  title: string,
  seed: number,
  cart: GameBoyCart = 'demo',
): { code: number[]; labels: Map<string, number> } {
  return assemble(gameBoyProgram(title, seed, cart), GB_ORIGIN);
}

/** A 32 KiB ROM-only Game Boy image: entry at $0100 jumps to $0150, where the program starts. */
export function gameBoyRom(title: string, seed: number, cart: GameBoyCart = 'demo'): Buffer {
  const rom = Buffer.alloc(GB_SIZE, 0x00);
  // $0100: nop; jp $0150
  Buffer.from([0x00, 0xc3, GB_ORIGIN & 0xff, GB_ORIGIN >> 8]).copy(rom, 0x100);
  ascii(title, 15, 0).copy(rom, 0x134);
  rom[0x143] = 0x00; // DMG only
  rom[0x147] = 0x00; // ROM only
  rom[0x148] = 0x00; // 32 KiB
  rom[0x149] = 0x00; // no RAM
  rom[0x14a] = 0x01; // overseas
  rom[0x14c] = seed & 0xff; // version: keeps every title's image distinct
  const { code } = gameBoyCode(title, seed, cart);
  if (GB_ORIGIN + code.length > GB_SIZE) throw new Error('Game Boy program too large');
  Buffer.from(code).copy(rom, GB_ORIGIN);
  let header = 0;
  for (let i = 0x134; i <= 0x14c; i += 1) header = (header - rom[i]! - 1) & 0xff;
  rom[0x14d] = header;
  let global = 0;
  for (let i = 0; i < rom.length; i += 1)
    if (i !== 0x14e && i !== 0x14f) global = (global + rom[i]!) & 0xffff;
  rom.writeUInt16BE(global, 0x14e);
  return rom;
}
