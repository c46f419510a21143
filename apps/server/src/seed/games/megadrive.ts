import { GLYPHS } from '../art/font';
import { ascii, SUBTITLE, TILE_COUNT, titleScreen } from './carts';
import { characterRom } from './homebrew';

/**
 * The demo catalogue's Mega Drive cartridges: a 32 KiB image with the vectors, the "SEGA MEGA
 * DRIVE" header and its checksum, and a 68000 program hand-assembled from the lines below by
 * `assemble68k`.
 *
 * Every program starts the same way (VDP registers, colours, tiles, the title screen, the pad
 * port and the PSG), then runs one of two frame loops, each paced by the VDP's vblank flag:
 * - `demo`: the cart's title screen with a spark the D-pad steers; A, B, C or Start swaps its
 *   colours and sounds a beep on the PSG.
 * - `race`: a small complete game. Start leaves the title screen for a four-lane road that
 *   scrolls down the screen; the pad steers the player's car left and right between oncoming
 *   cars. Every car passed scores a point (four digits, top left) and a blip, every ten points the
 *   traffic speeds up; A, B or C sounds the horn. Hitting a car ends the race with GAME OVER and a
 *   low tone, and Start races again from zero.
 */

export type MegaDriveCart = 'demo' | 'race';

/**
 * One line per instruction: its words, then optionally a 16-bit displacement to a label measured
 * from that extension word (`lea x(pc)`, `bsr.w`, `dbf`), or an 8-bit one in the opcode's low byte
 * measured from the next word (`bra.s`, `beq.s`).
 */
type MdLine =
  | { label: string }
  | { op: string; words: number[]; disp?: string; short?: string; note?: string }
  | { data: number[] };

export const MD_SIZE = 0x8000;
const MD_CODE = 0x200;
const VDP_DATA = [0x00c0, 0x0000];
const VDP_CTRL = [0x00c0, 0x0004];
const PSG = [0x00c0, 0x0011];
const PAD1_DATA = [0x00a1, 0x0003];
const PAD1_CTRL = [0x00a1, 0x0009];
const RAM = [0x00ff, 0x0000];

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
export const PLANE_A = 0xc000;
export const PLANE_B = 0xe000;
export const SPRITE_TABLE = 0xf800;

/** A VDP control long that writes from `address` on: VRAM (code 1), CRAM (3) or VSRAM (5). */
export const vdpWrite = (target: 'vram' | 'cram' | 'vsram', address: number) => {
  const code = { vram: 0x1, cram: 0x3, vsram: 0x5 }[target];
  return (((code & 3) << 30) | ((address & 0x3fff) << 16) | ((code >> 2) << 4) | (address >> 14)) >>> 0;
};
const long = (value: number) => [value >>> 16, value & 0xffff];
/** `move.l #control,(a0)`: points the VDP's data port at `address` of `target`. */
const setAddress = (target: 'vram' | 'cram' | 'vsram', address: number, note?: string): MdLine => ({
  op: `move.l #${target.toUpperCase()} $${address.toString(16).toUpperCase()},(a0)`,
  words: [0x20bc, ...long(vdpWrite(target, address))],
  ...(note ? { note } : {}),
});

/** A Mega Drive colour word (0000 BBB0 GGG0 RRR0) from levels 0–7. */
const mdColour = (r: number, g: number, b: number) => (b << 9) | (g << 5) | (r << 1);
const MD_PALETTES = [
  [mdColour(0, 0, 2), mdColour(1, 2, 5), mdColour(2, 4, 7), mdColour(7, 7, 7)],
  [mdColour(2, 0, 0), mdColour(5, 1, 1), mdColour(7, 4, 1), mdColour(7, 7, 6)],
  [mdColour(0, 2, 0), mdColour(1, 4, 1), mdColour(3, 6, 2), mdColour(7, 7, 7)],
  [mdColour(1, 0, 2), mdColour(4, 1, 5), mdColour(6, 3, 7), mdColour(7, 7, 7)],
];
/**
 * The sprites' palettes (1 and 2): transparent, the body, the dark glass and tyres, the front
 * lights, the tail lights. Palette 1's body red is in no background palette, so a journey can find
 * the player's sprite by its colour; palette 2 is the traffic's, and the spark's other colours.
 */
export const MD_SPRITE_RED = mdColour(7, 1, 1);
const SPRITE_PALETTES = [
  [0, MD_SPRITE_RED, mdColour(1, 1, 2), mdColour(7, 7, 2), mdColour(7, 7, 7)],
  [0, mdColour(1, 5, 7), mdColour(1, 1, 2), mdColour(7, 5, 1), mdColour(7, 7, 7)],
];

/** Palette 0's colour 4: black, behind the sign's letters (colour 0 would be see-through). */
const SIGN_BLACK = 4;
const sixteen = (colours: number[]) => [...colours, ...new Array<number>(16 - colours.length).fill(0)];

/** Colour RAM's four palettes: 0 the cart's own backdrop, pattern and text colours; 1, 2 the sprites'. */
export function megaDrivePalette(seed: number): number[] {
  const background = MD_PALETTES[seed % MD_PALETTES.length]!;
  return [[...background, mdColour(0, 0, 0)], ...SPRITE_PALETTES, []].flatMap(sixteen);
}

/** Tiles after the title screen's: the road's markings, then two 16×16 sprites of 4 tiles each. */
export const LANE_DASH = TILE_COUNT;
export const ROAD_EDGE_LEFT = TILE_COUNT + 1;
export const ROAD_EDGE_RIGHT = TILE_COUNT + 2;
export const CAR_TILE = TILE_COUNT + 4;
export const SPARK_TILE = TILE_COUNT + 8;

/**
 * The game-over sign over the road: its rows, centred in a black box one cell wider each side
 * than the longest (its own tiles: the font's with colour 0, which would let the lane lines show
 * through, made black).
 */
export const PRESS_START = 'PRESS START';
export const GAME_OVER = 'GAME OVER';
const SIGN_WIDTH = PRESS_START.length + 2;
const centred = (text: string, width: number) => {
  const left = Math.floor((width - text.length) / 2);
  return `${' '.repeat(left)}${text}${' '.repeat(width - left - text.length)}`;
};
const SIGN = [GAME_OVER, '', PRESS_START].map((row) => centred(row, SIGN_WIDTH));
const SIGN_CHARS = [...new Set(SIGN.join(''))];
export const SIGN_TILE = SPARK_TILE + 4;
export const MD_TILE_COUNT = SIGN_TILE + SIGN_CHARS.length;
/** Plane cells with bit 15 set draw over the sprites: the cars stay under the sign. */
const HIGH_PRIORITY = 0x8000;
/** The sign's rows as plane A cells: its tiles, in front. */
export const megaDriveSign = () =>
  SIGN.map((row) => [...row].map((ch) => HIGH_PRIORITY | (SIGN_TILE + SIGN_CHARS.indexOf(ch))));

/** An 8×8 tile of colour `colour` where `ink(x, y)`. */
const markTile = (colour: number, ink: (x: number, y: number) => boolean) =>
  Array.from({ length: 8 }, (_, y) => Array.from({ length: 8 }, (_, x) => (ink(x, y) ? colour : 0)));

/** The player's car, nose up (the traffic's is the same, flipped): colours as SPRITE_PALETTES. */
const CAR = [
  '.....333333.....',
  '....11111111....',
  '...1111111111...',
  '22.1122222211.22',
  '22.1122222211.22',
  '22.1111111111.22',
  '...1111331111...',
  '...1111331111...',
  '...1111331111...',
  '...1111331111...',
  '...1122222211...',
  '22.1122222211.22',
  '22.1111111111.22',
  '22.1111111111.22',
  '....11111111....',
  '.....44..44.....',
].map((row) => [...row].map((c) => (c === '.' ? 0 : Number(c))));

/** The demo carts' spark: a diamond, light at the heart, the body colour outside. */
const SPARK = Array.from({ length: 16 }, (_, y) =>
  Array.from({ length: 16 }, (_, x) => {
    const d = Math.abs(x - 7.5) + Math.abs(y - 7.5);
    return d < 3 ? 4 : d < 5 ? 3 : d < 8 ? 1 : 0;
  }),
);

/** A 16×16 picture as a 2×2-cell sprite's four tiles, in the VDP's order: down, then across. */
const spriteTiles = (pixels: number[][]) =>
  (
    [
      [0, 0],
      [0, 8],
      [8, 0],
      [8, 8],
    ] as const
  ).map(([left, top]) => pixels.slice(top, top + 8).map((row) => row.slice(left, left + 8)));

/** Pixel (x, y) of tile `index` of the homebrew pattern table: colour 0–3. */
function tilePixel(chr: Buffer, index: number, x: number, y: number): number {
  const low = (chr[index * 16 + y]! >> (7 - x)) & 1;
  const high = (chr[index * 16 + 8 + y]! >> (7 - x)) & 1;
  return low | (high << 1);
}

/**
 * The 4bpp tiles (a nibble a pixel, left pixel high): the homebrew's pattern and font with their
 * colours 0–3 kept, the road's markings and the sprites.
 */
export function megaDriveTiles(): number[] {
  const chr = characterRom();
  const pictures: number[][][] = [];
  for (let t = 0; t < TILE_COUNT; t += 1)
    pictures.push(
      Array.from({ length: 8 }, (_, y) => Array.from({ length: 8 }, (_, x) => tilePixel(chr, t, x, y))),
    );
  const glyph = (ch: string) =>
    Array.from({ length: 8 }, (_, y) =>
      Array.from({ length: 8 }, (_, x) => tilePixel(chr, ch.charCodeAt(0), x, y) || SIGN_BLACK),
    );
  pictures.push(
    markTile(3, (x, y) => x < 2 && y < 6),
    markTile(2, (x) => x < 2),
    markTile(2, (x) => x > 5),
    markTile(0, () => false),
    ...spriteTiles(CAR),
    ...spriteTiles(SPARK),
    ...SIGN_CHARS.map(glyph),
  );
  return pictures.flatMap((rows) =>
    rows.flatMap((row) => [0, 2, 4, 6].map((x) => (row[x]! << 4) | row[x + 1]!)),
  );
}

const MAP_SIZE = { width: 64, height: 32 };
const VISIBLE = { cols: 40, rows: 28 };
const put = (map: number[][], x: number, y: number, text: string) => {
  for (const [i, ch] of [...text].entries()) map[y]![x + i] = GLYPHS[ch] ? ch.charCodeAt(0) : 0x20;
};
const codes = (text: string) => [...text].map((ch) => ch.charCodeAt(0)).join(',');

/** The road: its columns on screen (4 lanes of 4 cells), and where the score and messages go. */
export const ROAD = { left: 12, right: 27 };
export const SCORE_CELL = { x: 2, y: 2 };
const cellAddress = (plane: number, x: number, y: number) => plane + (y * MAP_SIZE.width + x) * 2;
/** Where the sign's top-left cell goes: centred on the road, mid-screen. */
export const SIGN_CELL = { x: ROAD.left + Math.floor((ROAD.right - ROAD.left + 1 - SIGN_WIDTH) / 2), y: 12 };

/** Plane A's title screen (64×32 cells, a word a cell: the tile number, palette 0); 40×28 show. */
export function megaDriveMap(title: string, seed: number, cart: MegaDriveCart = 'demo'): number[] {
  const map = titleScreen(title, seed, VISIBLE, MAP_SIZE);
  if (cart === 'race') {
    // The race waits on its title screen: the subtitle's row says how to begin.
    const row = map.findIndex((cells) => cells.join(',').includes(codes(SUBTITLE)));
    for (let x = 1; x < VISIBLE.cols - 1; x += 1) map[row]![x] = 0;
    put(map, Math.floor((VISIBLE.cols - PRESS_START.length) / 2), row, PRESS_START);
  }
  return map.flat();
}

/**
 * Plane A during the race: the verges in the pattern tiles, the road between them left clear for
 * plane B's markings, and the score's label over the left verge.
 */
export function megaDriveRoadMap(): number[] {
  const map = Array.from({ length: MAP_SIZE.height }, (_, y) =>
    Array.from({ length: MAP_SIZE.width }, (_, x) =>
      x >= ROAD.left && x <= ROAD.right ? 0 : 1 + (((x >> 1) + y) % 3),
    ),
  );
  for (let y = 0; y < 4; y += 1) for (let x = 0; x < ROAD.left; x += 1) map[y]![x] = 0;
  put(map, SCORE_CELL.x, SCORE_CELL.y - 1, 'SCORE');
  put(map, SCORE_CELL.x, SCORE_CELL.y, '0000');
  return map.flat();
}

/** Plane B during the race: the road's edges and its dashed lane lines, which scroll down. */
export function megaDriveLaneMap(): number[] {
  return Array.from({ length: MAP_SIZE.height }, (_, y) =>
    Array.from({ length: MAP_SIZE.width }, (_, x) => {
      if (x === ROAD.left) return ROAD_EDGE_LEFT;
      if (x === ROAD.right) return ROAD_EDGE_RIGHT;
      if ((x - ROAD.left) % 4 === 0 && x > ROAD.left && x < ROAD.right) return y % 4 < 2 ? LANE_DASH : 0;
      return 0;
    }),
  ).flat();
}

/**
 * Sprite positions are the VDP's: the screen's top-left is (128, 128). Cars are 16 pixels, lanes
 * 32: a car's x is the road's left plus 8, plus 32 a lane.
 */
const SCREEN = 128;
const ROAD_X = SCREEN + ROAD.left * 8;
export const LANE_X = [0, 1, 2, 3].map((lane) => ROAD_X + 8 + lane * 32);
export const MD_PLAYER = { x: LANE_X[1]!, y: SCREEN + 192 };
export const MD_SPARK = { x: SCREEN + 152, y: SCREEN + 200 };
/** Traffic enters 16 pixels above the screen and leaves past its bottom (224 lines). */
const TRAFFIC_TOP = SCREEN - 16;
const TRAFFIC_BOTTOM = SCREEN + 224;
/**
 * How close a car hits the player's: the art is 16 pixels tall with rounded ends, and 16 wide with
 * the tyres at its edges, so side by side in the gap between two lanes (16 apart) is a hit too.
 */
export const MD_HIT = { lines: 14, pixels: 17 };
/** Sprite attribute words: palette in bits 13–14, vertical flip bit 12, then the tile. */
const PALETTE_1 = 0x2000;
const PALETTE_2 = 0x4000;
const FLIP_V = 0x1000;

/** The program's variables: offsets from a5 ($FF0000), cleared at start. */
export const MD_VARS = {
  x: 2, // the player's sprite x
  y: 4, // its sprite y
  score: 6, // race: the score, four BCD digits
  beep: 8, // frames the PSG's note has left, its volume falling with them
  scroll: 10, // race: plane B's vertical scroll
  random: 12, // race: the lane picker's state, stirred every frame of the title screen
  speed: 14, // race: pixels the traffic and the road move a frame
  attr: 16, // demo: the spark's attribute word
  traffic: 20, // race: four cars, a y word then an x word each
} as const;
const V = MD_VARS;

/** Pad bits, as `read_pad` leaves them in d7 (held) and d6 (pressed since the frame before). */
const UP = 0;
const DOWN = 1;
const LEFT = 2;
const RIGHT = 3;
const BUTTONS_ABC = 0x70;
const BUTTONS_ABC_START = 0xf0;

/** PSG tone periods (3.58 MHz / 32 / period). */
export const NOTE_BEEP = 254; // ≈ 440 Hz
const NOTE_HORN = 508; // ≈ 220 Hz
const NOTE_POINT = 128; // ≈ 874 Hz
const NOTE_CRASH = 1008; // ≈ 111 Hz

/** Start-up: the VDP, colours, tiles and title screen, the PSG and pad, the variables; then `main`. */
function setup(tiles: number[]): MdLine[] {
  const regs = MD_VDP_REGISTERS;
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
    setAddress('vram', 0),
    { op: 'move.w #$3FFF,d1', words: [0x323c, 0x3fff] },
    { label: 'clear_vram' },
    { op: 'move.l d0,(a1)', words: [0x2280] },
    { op: 'dbf d1,clear_vram', words: [0x51c9], disp: 'clear_vram' },
    setAddress('vsram', 0),
    { op: 'moveq #19,d1', words: [0x7213] },
    { label: 'clear_vsram' },
    { op: 'move.l d0,(a1)', words: [0x2280] },
    { op: 'dbf d1,clear_vsram', words: [0x51c9], disp: 'clear_vsram' },
    setAddress('cram', 0, 'the four palettes'),
    { op: 'lea palette(pc),a2', words: [0x45fa], disp: 'palette' },
    { op: 'moveq #63,d1', words: [0x723f] },
    { label: 'palette_loop' },
    { op: 'move.w (a2)+,(a1)', words: [0x329a] },
    { op: 'dbf d1,palette_loop', words: [0x51c9], disp: 'palette_loop' },
    setAddress('vram', 0, 'the tiles, a long (a row) at a time'),
    { op: 'lea tiles(pc),a2', words: [0x45fa], disp: 'tiles' },
    { op: `move.w #${tiles.length / 4 - 1},d1`, words: [0x323c, tiles.length / 4 - 1] },
    { label: 'tiles_loop' },
    { op: 'move.l (a2)+,(a1)', words: [0x229a] },
    { op: 'dbf d1,tiles_loop', words: [0x51c9], disp: 'tiles_loop' },
    { op: 'lea title_map(pc),a2', words: [0x45fa], disp: 'title_map' },
    { op: 'bsr.w load_plane_a', words: [0x6100], disp: 'load_plane_a' },
    { op: 'lea PSG,a3', words: [0x47f9, ...PSG] },
    { op: 'move.b #$9F,(a3)', words: [0x16bc, 0x009f], note: 'all four PSG channels silent' },
    { op: 'move.b #$BF,(a3)', words: [0x16bc, 0x00bf] },
    { op: 'move.b #$DF,(a3)', words: [0x16bc, 0x00df] },
    { op: 'move.b #$FF,(a3)', words: [0x16bc, 0x00ff] },
    { op: 'lea PAD1_DATA,a4', words: [0x49f9, ...PAD1_DATA] },
    {
      op: 'move.b #$40,PAD1_CTRL',
      words: [0x13fc, 0x0040, ...PAD1_CTRL],
      note: 'TH an output: it picks which half of the pad is read',
    },
    { op: 'move.b #$40,(a4)', words: [0x18bc, 0x0040] },
    { op: 'lea RAM,a5', words: [0x4bf9, ...RAM] },
    { op: 'movea.l a5,a2', words: [0x244d] },
    { op: 'moveq #15,d1', words: [0x720f] },
    { label: 'clear_ram' },
    { op: 'move.l d0,(a2)+', words: [0x24c0] },
    { op: 'dbf d1,clear_ram', words: [0x51c9], disp: 'clear_ram' },
    { op: 'moveq #0,d6', words: [0x7c00] },
    { op: 'moveq #0,d7', words: [0x7e00] },
    { op: 'move.w #DISPLAY_ON,(a0)', words: [0x30bc, MD_DISPLAY_ON] },
    { op: 'bra.w main', words: [0x6000], disp: 'main' },
  ];
}

/** Subroutines both loops call. Registers: a0/a1 the VDP's ports, a3 the PSG, a4 the pad, a5 RAM. */
function subroutines(): MdLine[] {
  return [
    // load_plane_a: plane A's 64×32 cells from a2.
    { label: 'load_plane_a' },
    setAddress('vram', PLANE_A),
    { op: 'move.w #2047,d1', words: [0x323c, 0x07ff] },
    { label: 'plane_loop' },
    { op: 'move.w (a2)+,(a1)', words: [0x329a] },
    { op: 'dbf d1,plane_loop', words: [0x51c9], disp: 'plane_loop' },
    { op: 'rts', words: [0x4e75] },
    // wait_vblank: returns as the next vblank begins, so a loop runs once a frame.
    { label: 'wait_vblank' },
    { op: 'move.w (a0),d0', words: [0x3010] },
    { op: 'btst #3,d0', words: [0x0800, 0x0003], note: 'the status: in vblank' },
    { op: 'bne.s wait_vblank', words: [0x6600], short: 'wait_vblank' },
    { label: 'vblank_start' },
    { op: 'move.w (a0),d0', words: [0x3010] },
    { op: 'btst #3,d0', words: [0x0800, 0x0003] },
    { op: 'beq.s vblank_start', words: [0x6700], short: 'vblank_start' },
    { op: 'rts', words: [0x4e75] },
    // read_pad: d7 the buttons held (1 = down) as bits 0 up, 1 down, 2 left, 3 right, 4 B, 5 C,
    // 6 A, 7 Start; d6 those not held in the frame before.
    { label: 'read_pad' },
    { op: 'move.b #$40,(a4)', words: [0x18bc, 0x0040], note: 'TH high: C B right left down up' },
    { op: 'nop', words: [0x4e71] },
    { op: 'nop', words: [0x4e71] },
    { op: 'move.b (a4),d0', words: [0x1014] },
    { op: 'andi.w #$3F,d0', words: [0x0240, 0x003f] },
    { op: 'move.b #$00,(a4)', words: [0x18bc, 0x0000], note: 'TH low: Start A 0 0 down up' },
    { op: 'nop', words: [0x4e71] },
    { op: 'nop', words: [0x4e71] },
    { op: 'move.b (a4),d1', words: [0x1214] },
    { op: 'andi.w #$30,d1', words: [0x0241, 0x0030] },
    { op: 'lsl.w #2,d1', words: [0xe549] },
    { op: 'or.w d1,d0', words: [0x8041] },
    { op: 'not.b d0', words: [0x4600], note: 'the pad reads 0 for a button down' },
    { op: 'move.b #$40,(a4)', words: [0x18bc, 0x0040] },
    { op: 'move.w d7,d1', words: [0x3207] },
    { op: 'not.w d1', words: [0x4641] },
    { op: 'and.w d0,d1', words: [0xc240] },
    { op: 'move.w d1,d6', words: [0x3c01] },
    { op: 'move.w d0,d7', words: [0x3e00] },
    { op: 'rts', words: [0x4e75] },
    // beep: PSG channel 0 plays tone period d0, at full volume, fading out over 15 frames.
    { label: 'beep' },
    { op: 'move.b d0,d1', words: [0x1200] },
    { op: 'andi.b #$0F,d1', words: [0x0201, 0x000f] },
    { op: 'ori.b #$80,d1', words: [0x0001, 0x0080], note: 'latch: channel 0 tone, its low 4 bits' },
    { op: 'move.b d1,(a3)', words: [0x1681] },
    { op: 'lsr.w #4,d0', words: [0xe848] },
    { op: 'andi.b #$3F,d0', words: [0x0200, 0x003f], note: 'data: the high 6 bits' },
    { op: 'move.b d0,(a3)', words: [0x1680] },
    { op: 'move.b #$90,(a3)', words: [0x16bc, 0x0090], note: 'channel 0 attenuation 0: loudest' },
    { op: 'move.w #15,BEEP(a5)', words: [0x3b7c, 0x000f, V.beep] },
    { op: 'rts', words: [0x4e75] },
    // sound_tick: once a frame, the note's attenuation rises as its frames run out (15 = silent).
    { label: 'sound_tick' },
    { op: 'move.w BEEP(a5),d0', words: [0x302d, V.beep] },
    { op: 'beq.s sound_done', words: [0x6700], short: 'sound_done' },
    { op: 'subq.w #1,d0', words: [0x5340] },
    { op: 'move.w d0,BEEP(a5)', words: [0x3b40, V.beep] },
    { op: 'moveq #15,d1', words: [0x720f] },
    { op: 'sub.w d0,d1', words: [0x9240] },
    { op: 'ori.b #$90,d1', words: [0x0001, 0x0090] },
    { op: 'move.b d1,(a3)', words: [0x1681] },
    { label: 'sound_done' },
    { op: 'rts', words: [0x4e75] },
    // clamp: keeps the word at (a2) within d1..d2.
    { label: 'clamp' },
    { op: 'cmp.w (a2),d1', words: [0xb252] },
    { op: 'ble.s clamp_high', words: [0x6f00], short: 'clamp_high' },
    { op: 'move.w d1,(a2)', words: [0x3481] },
    { label: 'clamp_high' },
    { op: 'cmp.w (a2),d2', words: [0xb452] },
    { op: 'bge.s clamp_done', words: [0x6c00], short: 'clamp_done' },
    { op: 'move.w d2,(a2)', words: [0x3482] },
    { label: 'clamp_done' },
    { op: 'rts', words: [0x4e75] },
    { label: 'exception' },
    { op: 'rte', words: [0x4e73] },
  ];
}

/** The demo carts: the spark over the title screen, steered by the D-pad; a button beeps and recolours it. */
function demoMain(): MdLine[] {
  return [
    { label: 'main' },
    { op: `move.w #${MD_SPARK.x},X(a5)`, words: [0x3b7c, MD_SPARK.x, V.x] },
    { op: `move.w #${MD_SPARK.y},Y(a5)`, words: [0x3b7c, MD_SPARK.y, V.y] },
    { op: 'move.w #PALETTE_1+SPARK_TILE,ATTR(a5)', words: [0x3b7c, PALETTE_1 | SPARK_TILE, V.attr] },
    { label: 'demo_loop' },
    { op: 'bsr.w wait_vblank', words: [0x6100], disp: 'wait_vblank' },
    setAddress('vram', SPRITE_TABLE, 'sprite 0: y, size and link, attributes, x'),
    { op: 'move.w Y(a5),(a1)', words: [0x32ad, V.y] },
    { op: 'move.w #$0500,(a1)', words: [0x32bc, 0x0500], note: '2×2 cells, the last sprite' },
    { op: 'move.w ATTR(a5),(a1)', words: [0x32ad, V.attr] },
    { op: 'move.w X(a5),(a1)', words: [0x32ad, V.x] },
    { op: 'bsr.w sound_tick', words: [0x6100], disp: 'sound_tick' },
    { op: 'bsr.w read_pad', words: [0x6100], disp: 'read_pad' },
    { op: 'btst #UP,d7', words: [0x0807, UP] },
    { op: 'beq.s demo_down', words: [0x6700], short: 'demo_down' },
    { op: 'subq.w #2,Y(a5)', words: [0x556d, V.y] },
    { label: 'demo_down' },
    { op: 'btst #DOWN,d7', words: [0x0807, DOWN] },
    { op: 'beq.s demo_left', words: [0x6700], short: 'demo_left' },
    { op: 'addq.w #2,Y(a5)', words: [0x546d, V.y] },
    { label: 'demo_left' },
    { op: 'btst #LEFT,d7', words: [0x0807, LEFT] },
    { op: 'beq.s demo_right', words: [0x6700], short: 'demo_right' },
    { op: 'subq.w #2,X(a5)', words: [0x556d, V.x] },
    { label: 'demo_right' },
    { op: 'btst #RIGHT,d7', words: [0x0807, RIGHT] },
    { op: 'beq.s demo_clamp', words: [0x6700], short: 'demo_clamp' },
    { op: 'addq.w #2,X(a5)', words: [0x546d, V.x] },
    { label: 'demo_clamp' },
    { op: 'lea X(a5),a2', words: [0x45ed, V.x], note: 'the spark stays on the screen' },
    { op: `move.w #${SCREEN},d1`, words: [0x323c, SCREEN] },
    { op: `move.w #${SCREEN + 320 - 16},d2`, words: [0x343c, SCREEN + 320 - 16] },
    { op: 'bsr.w clamp', words: [0x6100], disp: 'clamp' },
    { op: 'lea Y(a5),a2', words: [0x45ed, V.y] },
    { op: `move.w #${SCREEN + 224 - 16},d2`, words: [0x343c, SCREEN + 224 - 16] },
    { op: 'bsr.w clamp', words: [0x6100], disp: 'clamp' },
    { op: 'move.b d6,d0', words: [0x1006] },
    { op: 'andi.b #A|B|C|START,d0', words: [0x0200, BUTTONS_ABC_START] },
    { op: 'beq.s demo_loop', words: [0x6700], short: 'demo_loop' },
    { op: 'eori.w #PALETTE_1^PALETTE_2,ATTR(a5)', words: [0x0a6d, PALETTE_1 ^ PALETTE_2, V.attr] },
    { op: 'move.w #NOTE_BEEP,d0', words: [0x303c, NOTE_BEEP] },
    { op: 'bsr.w beep', words: [0x6100], disp: 'beep' },
    { op: 'bra.s demo_loop', words: [0x6000], short: 'demo_loop' },
  ];
}

/** Thunder Alley's race: title screen until Start, then the road, until a crash; Start again. */
function raceMain(): MdLine[] {
  return [
    { label: 'main' },
    { op: 'bsr.w wait_vblank', words: [0x6100], disp: 'wait_vblank' },
    {
      op: 'addq.w #1,RANDOM(a5)',
      words: [0x526d, V.random],
      note: 'the moment Start is pressed picks the lanes',
    },
    { op: 'bsr.w read_pad', words: [0x6100], disp: 'read_pad' },
    { op: 'tst.b d6', words: [0x4a06], note: 'bit 7: Start' },
    { op: 'bpl.s main', words: [0x6a00], short: 'main' },
    { label: 'race_start' },
    { op: 'lea road_map(pc),a2', words: [0x45fa], disp: 'road_map' },
    { op: 'bsr.w load_plane_a', words: [0x6100], disp: 'load_plane_a' },
    setAddress('vram', PLANE_B, 'plane B: the lane lines'),
    { op: 'lea lane_map(pc),a2', words: [0x45fa], disp: 'lane_map' },
    { op: 'move.w #2047,d1', words: [0x323c, 0x07ff] },
    { label: 'race_lanes' },
    { op: 'move.w (a2)+,(a1)', words: [0x329a] },
    { op: 'dbf d1,race_lanes', words: [0x51c9], disp: 'race_lanes' },
    { op: `move.w #${MD_PLAYER.x},X(a5)`, words: [0x3b7c, MD_PLAYER.x, V.x] },
    { op: `move.w #${MD_PLAYER.y},Y(a5)`, words: [0x3b7c, MD_PLAYER.y, V.y] },
    { op: 'clr.w SCORE(a5)', words: [0x426d, V.score] },
    { op: 'move.w #2,SPEED(a5)', words: [0x3b7c, 0x0002, V.speed] },
    { op: 'lea TRAFFIC(a5),a2', words: [0x45ed, V.traffic] },
    { op: `move.w #${TRAFFIC_TOP},d2`, words: [0x343c, TRAFFIC_TOP] },
    { op: 'moveq #3,d3', words: [0x7603] },
    { label: 'race_traffic_start' },
    { op: 'move.w d2,(a2)+', words: [0x34c2], note: 'the cars start above the screen, 80 lines apart' },
    { op: 'bsr.w random_lane', words: [0x6100], disp: 'random_lane' },
    { op: 'move.w d0,(a2)+', words: [0x34c0] },
    { op: 'subi.w #80,d2', words: [0x0442, 0x0050] },
    { op: 'dbf d3,race_traffic_start', words: [0x51cb], disp: 'race_traffic_start' },
    { label: 'race_loop' },
    { op: 'bsr.w wait_vblank', words: [0x6100], disp: 'wait_vblank' },
    { op: 'bsr.w draw_race', words: [0x6100], disp: 'draw_race' },
    { op: 'bsr.w sound_tick', words: [0x6100], disp: 'sound_tick' },
    { op: 'bsr.w read_pad', words: [0x6100], disp: 'read_pad' },
    { op: 'move.b d6,d0', words: [0x1006] },
    { op: 'andi.b #A|B|C,d0', words: [0x0200, BUTTONS_ABC] },
    { op: 'beq.s race_steer', words: [0x6700], short: 'race_steer' },
    { op: 'move.w #NOTE_HORN,d0', words: [0x303c, NOTE_HORN] },
    { op: 'bsr.w beep', words: [0x6100], disp: 'beep' },
    { label: 'race_steer' },
    { op: 'btst #LEFT,d7', words: [0x0807, LEFT] },
    { op: 'beq.s race_right', words: [0x6700], short: 'race_right' },
    { op: 'subq.w #3,X(a5)', words: [0x576d, V.x] },
    { label: 'race_right' },
    { op: 'btst #RIGHT,d7', words: [0x0807, RIGHT] },
    { op: 'beq.s race_clamp', words: [0x6700], short: 'race_clamp' },
    { op: 'addq.w #3,X(a5)', words: [0x566d, V.x] },
    { label: 'race_clamp' },
    { op: 'lea X(a5),a2', words: [0x45ed, V.x], note: 'the car stays on the road' },
    { op: `move.w #${ROAD_X},d1`, words: [0x323c, ROAD_X] },
    { op: `move.w #${ROAD_X + 128 - 16},d2`, words: [0x343c, ROAD_X + 128 - 16] },
    { op: 'bsr.w clamp', words: [0x6100], disp: 'clamp' },
    { op: 'move.w SPEED(a5),d0', words: [0x302d, V.speed] },
    { op: 'sub.w d0,SCROLL(a5)', words: [0x916d, V.scroll], note: 'the road runs down the screen' },
    { op: 'lea TRAFFIC(a5),a2', words: [0x45ed, V.traffic] },
    { op: 'moveq #3,d3', words: [0x7603] },
    { label: 'race_traffic' },
    { op: 'move.w SPEED(a5),d0', words: [0x302d, V.speed] },
    { op: 'add.w d0,(a2)', words: [0xd152] },
    { op: `cmpi.w #${TRAFFIC_BOTTOM},(a2)`, words: [0x0c52, TRAFFIC_BOTTOM] },
    { op: 'blt.s race_hit', words: [0x6d00], short: 'race_hit' },
    { op: `move.w #${TRAFFIC_TOP},(a2)`, words: [0x34bc, TRAFFIC_TOP], note: 'passed: back to the top' },
    { op: 'bsr.w random_lane', words: [0x6100], disp: 'random_lane' },
    { op: 'move.w d0,2(a2)', words: [0x3540, 0x0002] },
    { op: 'bsr.w score_point', words: [0x6100], disp: 'score_point' },
    { label: 'race_hit' },
    { op: 'move.w (a2),d0', words: [0x3012], note: 'a crash: the two cars touch or overlap' },
    { op: 'sub.w Y(a5),d0', words: [0x906d, V.y] },
    { op: 'bpl.s race_dy', words: [0x6a00], short: 'race_dy' },
    { op: 'neg.w d0', words: [0x4440] },
    { label: 'race_dy' },
    { op: `cmpi.w #${MD_HIT.lines},d0`, words: [0x0c40, MD_HIT.lines] },
    { op: 'bge.s race_next', words: [0x6c00], short: 'race_next' },
    { op: 'move.w 2(a2),d0', words: [0x302a, 0x0002] },
    { op: 'sub.w X(a5),d0', words: [0x906d, V.x] },
    { op: 'bpl.s race_dx', words: [0x6a00], short: 'race_dx' },
    { op: 'neg.w d0', words: [0x4440] },
    { label: 'race_dx' },
    { op: `cmpi.w #${MD_HIT.pixels},d0`, words: [0x0c40, MD_HIT.pixels] },
    { op: 'blt.s crash', words: [0x6d00], short: 'crash' },
    { label: 'race_next' },
    { op: 'addq.w #4,a2', words: [0x584a] },
    { op: 'dbf d3,race_traffic', words: [0x51cb], disp: 'race_traffic' },
    { op: 'bra.w race_loop', words: [0x6000], disp: 'race_loop' },
    { label: 'crash' },
    { op: 'move.w #NOTE_CRASH,d0', words: [0x303c, NOTE_CRASH] },
    { op: 'bsr.w beep', words: [0x6100], disp: 'beep' },
    ...SIGN.flatMap((_, row): MdLine[] => [
      setAddress('vram', cellAddress(PLANE_A, SIGN_CELL.x, SIGN_CELL.y + row)),
      { op: `lea sign_${row}(pc),a2`, words: [0x45fa], disp: `sign_${row}` },
      { op: 'bsr.w print', words: [0x6100], disp: 'print' },
    ]),
    { label: 'crashed' },
    { op: 'bsr.w wait_vblank', words: [0x6100], disp: 'wait_vblank' },
    { op: 'bsr.w sound_tick', words: [0x6100], disp: 'sound_tick' },
    { op: 'bsr.w read_pad', words: [0x6100], disp: 'read_pad' },
    { op: 'tst.b d6', words: [0x4a06] },
    { op: 'bpl.s crashed', words: [0x6a00], short: 'crashed' },
    { op: 'bra.w race_start', words: [0x6000], disp: 'race_start' },
    // print: the zero-ended row of tile numbers at a2 onto plane A.
    { label: 'print' },
    { op: 'move.w (a2)+,d0', words: [0x301a] },
    { op: 'beq.s print_done', words: [0x6700], short: 'print_done' },
    { op: 'move.w d0,(a1)', words: [0x3280] },
    { op: 'bra.s print', words: [0x6000], short: 'print' },
    { label: 'print_done' },
    { op: 'rts', words: [0x4e75] },
    // random_lane: d0 the x of a lane picked by a linear congruential step of RANDOM.
    { label: 'random_lane' },
    { op: 'move.w RANDOM(a5),d0', words: [0x302d, V.random] },
    { op: 'mulu.w #$6255,d0', words: [0xc0fc, 0x6255] },
    { op: 'addi.w #$3619,d0', words: [0x0640, 0x3619] },
    { op: 'move.w d0,RANDOM(a5)', words: [0x3b40, V.random] },
    { op: 'lsr.w #8,d0', words: [0xe048], note: 'the high bits: the low ones repeat too soon' },
    { op: 'andi.w #3,d0', words: [0x0240, 0x0003] },
    { op: 'lsl.w #5,d0', words: [0xeb48] },
    { op: `addi.w #${LANE_X[0]},d0`, words: [0x0640, LANE_X[0]!] },
    { op: 'rts', words: [0x4e75] },
    // score_point: one more point in BCD, faster traffic every ten (up to 6 pixels a frame), a blip.
    { label: 'score_point' },
    { op: 'move.w SCORE(a5),d0', words: [0x302d, V.score] },
    { op: 'moveq #1,d1', words: [0x7201] },
    { op: 'move.w #0,ccr', words: [0x44fc, 0x0000], note: 'no carry (X) into the first digit pair' },
    { op: 'abcd d1,d0', words: [0xc101] },
    { op: 'ror.w #8,d0', words: [0xe058] },
    { op: 'moveq #0,d1', words: [0x7200] },
    { op: 'abcd d1,d0', words: [0xc101], note: 'the carry into the hundreds' },
    { op: 'ror.w #8,d0', words: [0xe058] },
    { op: 'move.w d0,SCORE(a5)', words: [0x3b40, V.score] },
    { op: 'andi.b #$0F,d0', words: [0x0200, 0x000f] },
    { op: 'bne.s score_sound', words: [0x6600], short: 'score_sound' },
    { op: 'cmpi.w #6,SPEED(a5)', words: [0x0c6d, 0x0006, V.speed] },
    { op: 'bge.s score_sound', words: [0x6c00], short: 'score_sound' },
    { op: 'addq.w #1,SPEED(a5)', words: [0x526d, V.speed] },
    { label: 'score_sound' },
    { op: 'move.w #NOTE_POINT,d0', words: [0x303c, NOTE_POINT] },
    { op: 'bra.w beep', words: [0x6000], disp: 'beep' },
    // draw_race: in vblank, plane B's scroll, the five sprites and the score's digits.
    { label: 'draw_race' },
    setAddress('vsram', 2, "plane B's vertical scroll"),
    { op: 'move.w SCROLL(a5),(a1)', words: [0x32ad, V.scroll] },
    setAddress('vram', SPRITE_TABLE),
    { op: 'move.w Y(a5),(a1)', words: [0x32ad, V.y] },
    { op: 'move.w #$0501,(a1)', words: [0x32bc, 0x0501], note: '2×2 cells, then sprite 1' },
    { op: 'move.w #PALETTE_1+CAR_TILE,(a1)', words: [0x32bc, PALETTE_1 | CAR_TILE] },
    { op: 'move.w X(a5),(a1)', words: [0x32ad, V.x] },
    { op: 'lea TRAFFIC(a5),a2', words: [0x45ed, V.traffic] },
    { op: 'lea links(pc),a6', words: [0x4dfa], disp: 'links' },
    { op: 'moveq #3,d1', words: [0x7203] },
    { label: 'draw_traffic' },
    { op: 'move.w (a2)+,(a1)', words: [0x329a] },
    { op: 'move.w (a6)+,(a1)', words: [0x329e] },
    {
      op: 'move.w #PALETTE_2+FLIP_V+CAR_TILE,(a1)',
      words: [0x32bc, PALETTE_2 | FLIP_V | CAR_TILE],
      note: 'oncoming: nose down',
    },
    { op: 'move.w (a2)+,(a1)', words: [0x329a] },
    { op: 'dbf d1,draw_traffic', words: [0x51c9], disp: 'draw_traffic' },
    setAddress('vram', cellAddress(PLANE_A, SCORE_CELL.x, SCORE_CELL.y)),
    { op: 'move.w SCORE(a5),d0', words: [0x302d, V.score] },
    { op: 'moveq #3,d1', words: [0x7203] },
    { label: 'draw_digits' },
    { op: 'rol.w #4,d0', words: [0xe958], note: 'the next digit, most significant first' },
    { op: 'move.w d0,d2', words: [0x3400] },
    { op: 'andi.w #$0F,d2', words: [0x0242, 0x000f] },
    { op: "addi.w #'0',d2", words: [0x0642, 0x0030] },
    { op: 'move.w d2,(a1)', words: [0x3282] },
    { op: 'dbf d1,draw_digits', words: [0x51c9], disp: 'draw_digits' },
    { op: 'rts', words: [0x4e75] },
  ];
}

const words = (list: number[]) => list.flatMap((w) => [w >> 8, w & 0xff]);

function megaDriveProgram(title: string, seed: number, cart: MegaDriveCart): MdLine[] {
  const tiles = megaDriveTiles();
  const race: MdLine[] =
    cart === 'race'
      ? [
          { label: 'road_map' },
          { data: words(megaDriveRoadMap()) },
          { label: 'lane_map' },
          { data: words(megaDriveLaneMap()) },
          // The traffic's size-and-link words: each 2×2 car links to the next, the last ends the list.
          { label: 'links' },
          { data: words([0x0502, 0x0503, 0x0504, 0x0500]) },
          ...megaDriveSign().flatMap((row, i) => [{ label: `sign_${i}` }, { data: words([...row, 0]) }]),
        ]
      : [];
  return [
    ...setup(tiles),
    ...subroutines(),
    ...(cart === 'race' ? raceMain() : demoMain()),
    // Tables (every one an even length, so each starts on a word).
    { label: 'regs' },
    { data: words(MD_VDP_REGISTERS) },
    { label: 'palette' },
    { data: words(megaDrivePalette(seed)) },
    { label: 'tiles' },
    { data: tiles },
    { label: 'title_map' },
    { data: words(megaDriveMap(title, seed, cart)) },
    ...race,
  ];
}

/** Two passes, as homebrew.ts: label addresses, then the words with displacements filled in. */
function assemble68k(lines: MdLine[], origin: number): { code: number[]; labels: Map<string, number> } {
  const labels = new Map<string, number>();
  const size = (line: MdLine) =>
    'data' in line ? line.data.length : 'op' in line ? line.words.length * 2 + (line.disp ? 2 : 0) : 0;
  let pc = origin;
  for (const line of lines) {
    if ('label' in line) {
      if (labels.has(line.label)) throw new Error(`label ${line.label} twice`);
      labels.set(line.label, pc);
    }
    pc += size(line);
  }
  const address = (label: string) => {
    const found = labels.get(label);
    if (found === undefined) throw new Error(`no label ${label}`);
    return found;
  };
  const code: number[] = [];
  const word = (w: number) => code.push((w >> 8) & 0xff, w & 0xff);
  for (const line of lines) {
    if ('data' in line) code.push(...line.data);
    if (!('op' in line)) continue;
    const [first, ...rest] = line.words;
    if (line.short) {
      const offset = address(line.short) - (origin + code.length + 2);
      if (offset < -128 || offset > 127 || offset === 0)
        throw new Error(`short branch to ${line.short} out of range`);
      word(first! | (offset & 0xff));
    } else word(first!);
    for (const w of rest) word(w);
    if (line.disp) {
      const offset = address(line.disp) - (origin + code.length);
      if (offset < -0x8000 || offset > 0x7fff) throw new Error(`displacement to ${line.disp} out of range`);
      word(offset & 0xffff);
    }
  }
  return { code, labels };
}

/** Assembles the program at $0200; its labels too, for tests. */
export function megaDriveCode(
  title: string,
  seed: number,
  cart: MegaDriveCart = 'demo',
): { code: number[]; labels: Map<string, number> } {
  return assemble68k(megaDriveProgram(title, seed, cart), MD_CODE);
}

/** A 32 KiB Mega Drive image: vectors, the "SEGA MEGA DRIVE" header with its checksum, the program. */
export function megaDriveRom(title: string, seed: number, cart: MegaDriveCart = 'demo'): Buffer {
  const rom = Buffer.alloc(MD_SIZE, 0x00);
  const { code, labels } = megaDriveCode(title, seed, cart);
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
