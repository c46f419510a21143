import { describe, expect, it } from 'vitest';
import { SUBTITLE, TILE_COUNT } from '../src/seed/games/carts';
import {
  GB_BGP,
  GB_BUG_TILE,
  GB_COLUMNS,
  GB_LCDC_ON,
  GB_LIVES_CELL,
  GB_MESSAGE_CELL,
  GB_MESSAGES,
  GB_OBP0,
  GB_OBP1,
  GB_PLAYER_TILE,
  GB_SCORE_CELL,
  GB_SIZE,
  GB_START,
  GB_TILE_COUNT,
  gameBoyCode,
  gameBoyMap,
  gameBoyRom,
  gameBoyTiles,
  NOTE_CHIME,
  NOTE_HIGH,
  NOTE_LOW,
} from '../src/seed/games/gameboy';
import { type Button, MiniGameBoy } from './support/sm83';

const hex = (bytes: ArrayLike<number>) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

/** The row of a `width`-cell map that holds `text` as tile numbers (ASCII codes), or -1. */
function rowWith(map: ArrayLike<number>, width: number, text: string): number {
  const codes = [...text].map((ch) => ch.charCodeAt(0)).join(',');
  for (let row = 0; row * width < map.length; row += 1)
    if (
      Array.from(map)
        .slice(row * width, row * width + width)
        .join(',')
        .includes(codes)
    )
      return row;
  return -1;
}

const NR23 = 0xff18;
const NR24 = 0xff19;
const NR44 = 0xff23;

/** A cart booted for `frames` frames (the set-up takes the first few). */
function boot(title: string, seed: number, cart: 'demo' | 'catch', frames = 10): MiniGameBoy {
  const gb = new MiniGameBoy(gameBoyRom(title, seed, cart));
  gb.runFrames(frames);
  return gb;
}

/** Holds `buttons` for `frames` frames, then lets go for one. */
function hold(gb: MiniGameBoy, buttons: Button[], frames: number): void {
  for (const b of buttons) gb.held.add(b);
  gb.runFrames(frames);
  gb.held.clear();
  gb.runFrames(1);
}

/** Sprite `n` as the program left it in OAM: y, x, tile, attributes. */
const sprite = (gb: MiniGameBoy, n: number) => Array.from(gb.mem.subarray(0xfe00 + n * 4, 0xfe04 + n * 4));
const cells = (gb: MiniGameBoy, from: number, length: number) =>
  String.fromCharCode(...gb.mem.subarray(from, from + length));
/** The notes channel 2 was started with since `since` (the index into the sound log). */
const notes = (gb: MiniGameBoy, since = 0) => {
  const out: number[] = [];
  let low = -1;
  for (const { address, value } of gb.soundWrites.slice(since)) {
    if (address === NR23) low = value;
    if (address === NR24 && value & 0x80) out.push(low);
  }
  return out;
};
const noises = (gb: MiniGameBoy, since = 0) =>
  gb.soundWrites.slice(since).filter((w) => w.address === NR44 && w.value & 0x80).length;

describe('the Game Boy cartridge', () => {
  const rom = gameBoyRom('Pocket Gardener', 14);
  const { code } = gameBoyCode('Pocket Gardener', 14);

  it('has the header checksum and global checksum the boot ROM and emulators check', () => {
    expect(rom.length).toBe(GB_SIZE);
    let header = 0;
    for (const byte of rom.subarray(0x134, 0x14d)) header = (header - byte - 1) & 0xff;
    expect(rom[0x14d]).toBe(header);
    let global = 0;
    rom.forEach((byte, i) => {
      if (i !== 0x14e && i !== 0x14f) global += byte;
    });
    expect(rom.readUInt16BE(0x14e)).toBe(global & 0xffff);
    expect(rom.subarray(0x134, 0x143).toString('latin1').replace(/\0+$/, '')).toBe('POCKET GARDENER');
    expect(rom[0x147]).toBe(0); // ROM only
    // Entry: nop; jp $0150, where the program is.
    expect(hex(rom.subarray(0x100, 0x104))).toBe('00 c3 50 01');
    expect(hex(rom.subarray(0x150, 0x150 + code.length))).toBe(hex(code));
    // The catch game too.
    const game = gameBoyRom('Byte Busters', 15, 'catch');
    header = 0;
    for (const byte of game.subarray(0x134, 0x14d)) header = (header - byte - 1) & 0xff;
    expect(game[0x14d]).toBe(header);
  });

  it('turns the LCD off in vblank, then loads tiles and map, clears the sprites and turns on sound and the LCD', () => {
    // di; ld sp,$FFFE; wait: ldh a,(LY); cp 144; jr c,wait; xor a; ldh (LCDC),a — LCD off.
    expect(hex(code.slice(0, 12))).toBe('f3 31 fe ff f0 44 fe 90 38 fa af e0');
    const gb = boot('Pocket Gardener', 14, 'demo');
    expect(Array.from(gb.mem.subarray(0x8000, 0x8000 + GB_TILE_COUNT * 16))).toEqual(gameBoyTiles());
    expect(Array.from(gb.mem.subarray(0x9800, 0x9c00))).toEqual(gameBoyMap('Pocket Gardener', 14));
    expect(gb.mem[0xff40]).toBe(GB_LCDC_ON);
    expect(GB_LCDC_ON & 0x02).toBe(0x02); // sprites on
    expect(gb.mem[0xff47]).toBe(GB_BGP);
    expect([gb.mem[0xff48], gb.mem[0xff49]]).toEqual([GB_OBP0, GB_OBP1]);
    expect(gb.mem[0xff26]).toBe(0x80); // sound on
    // Only sprite 0, the player, at its start; the other 39 stay cleared (y 0: off screen).
    expect(sprite(gb, 0)).toEqual([GB_START.y, GB_START.x, GB_PLAYER_TILE, 0]);
    expect(gb.mem.subarray(0xfe04, 0xfea0).every((b) => b === 0)).toBe(true);
  });

  it('draws the title and the subtitle inside the visible 20×18 cells, in 2bpp font tiles', () => {
    const map = gameBoyMap('Pocket Gardener', 14);
    const title = rowWith(map, 32, 'POCKET GARDENER');
    const subtitle = rowWith(map, 32, SUBTITLE);
    expect(title).toBeGreaterThan(0);
    expect(subtitle).toBeGreaterThan(title);
    expect(subtitle).toBeLessThan(18);
    const tiles = gameBoyTiles();
    expect(tiles).toHaveLength(GB_TILE_COUNT * 16);
    // Tile 0 is blank; 'P' has ink in both bit planes (colour 3) and nowhere else.
    expect(tiles.slice(0, 16).every((b) => b === 0)).toBe(true);
    const p = tiles.slice(0x50 * 16, 0x51 * 16);
    expect(p.some((b) => b !== 0)).toBe(true);
    for (let row = 0; row < 8; row += 1) expect(p[row * 2]).toBe(p[row * 2 + 1]);
    // The sprites come after the font, and are not blank.
    expect(GB_PLAYER_TILE).toBe(TILE_COUNT);
    for (const t of [GB_PLAYER_TILE, GB_BUG_TILE])
      expect(tiles.slice(t * 16, t * 16 + 16).some((b) => b !== 0)).toBe(true);
    // Long titles wrap into the box rather than running off the screen.
    const long = gameBoyMap('The Extraordinarily Long Title', 1);
    expect(rowWith(long, 32, 'EXTRAORDINARILY')).toBeGreaterThan(0);
  });

  it('gives every title its own image', () => {
    expect(gameBoyRom('Owl Post', 21).equals(gameBoyRom('Mossy Maze', 18))).toBe(false);
  });
});

describe('a demo cart', () => {
  it('holds still without input', () => {
    const gb = boot('Owl Post', 21, 'demo');
    const before = Array.from(gb.mem.subarray(0xfe00, 0xfea0));
    const sounds = gb.soundWrites.length;
    gb.runFrames(60);
    expect(Array.from(gb.mem.subarray(0xfe00, 0xfea0))).toEqual(before);
    expect(gb.soundWrites.length).toBe(sounds);
  });

  it('moves the sprite a pixel a frame with the pad, and stops at the screen edge', () => {
    const gb = boot('Owl Post', 21, 'demo');
    hold(gb, ['right'], 20);
    expect(sprite(gb, 0).slice(0, 2)).toEqual([GB_START.y, GB_START.x + 20]);
    hold(gb, ['up'], 30);
    expect(sprite(gb, 0).slice(0, 2)).toEqual([GB_START.y - 30, GB_START.x + 20]);
    hold(gb, ['left', 'down'], 300);
    expect(sprite(gb, 0).slice(0, 2)).toEqual([152, 8]); // bottom left, whole on screen
  });

  it('sounds a note and swaps the palette on A, mirrors on B, and sends the sprite home with a noise on Start', () => {
    const gb = boot('Owl Post', 21, 'demo');
    let log = gb.soundWrites.length;
    hold(gb, ['a'], 30);
    expect(notes(gb, log)).toEqual([NOTE_HIGH]); // once per press, however long it is held
    expect(sprite(gb, 0)[3]).toBe(0x10);
    log = gb.soundWrites.length;
    hold(gb, ['b'], 2);
    expect(notes(gb, log)).toEqual([NOTE_LOW]);
    expect(sprite(gb, 0)[3]).toBe(0x30);
    hold(gb, ['right'], 10);
    log = gb.soundWrites.length;
    hold(gb, ['start'], 2);
    expect(noises(gb, log)).toBe(1);
    expect(sprite(gb, 0).slice(0, 2)).toEqual([GB_START.y, GB_START.x]);
  });
});

describe('the catch game', () => {
  const status = (gb: MiniGameBoy) => ({
    score: cells(gb, GB_SCORE_CELL, 3),
    lives: cells(gb, GB_LIVES_CELL, 1),
    message: cells(gb, GB_MESSAGE_CELL, 12).trim(),
  });

  it('waits for Start with the status row and the title on its field', () => {
    const map = gameBoyMap('Byte Busters', 15, 'catch');
    expect(rowWith(map, 32, 'SCORE 000')).toBe(0);
    expect(rowWith(map, 32, 'LIVES 3')).toBe(0);
    expect(rowWith(map, 32, 'BYTE BUSTERS')).toBeGreaterThan(0);
    expect(rowWith(map, 32, 'PRESS START')).toBe((GB_MESSAGE_CELL - 0x9800) >> 5);
    const gb = boot('Byte Busters', 15, 'catch', 60);
    expect(status(gb)).toEqual({ score: '000', lives: '3', message: 'PRESS START' });
    expect(sprite(gb, 1)[0]).toBe(0); // no bug yet
  });

  it('scores a catch, loses a life a miss, ends after three misses and starts again with Start', () => {
    const gb = boot('Byte Busters', 15, 'catch');
    let log = gb.soundWrites.length;
    hold(gb, ['start'], 1);
    expect(status(gb).message).toBe('');
    expect(sprite(gb, 1).slice(1, 3)).toEqual([GB_COLUMNS[0], GB_BUG_TILE]);
    expect(notes(gb, log)).toEqual([NOTE_LOW]);
    // The first bug falls onto the player where it stands: a point and a chime.
    log = gb.soundWrites.length;
    gb.runFrames(62);
    expect(status(gb)).toEqual({ score: '001', lives: '3', message: '' });
    expect(notes(gb, log)).toEqual([NOTE_CHIME]);
    // The second falls far to the left: run under it.
    expect(sprite(gb, 1)[1]).toBe(GB_COLUMNS[1]);
    hold(gb, ['left'], (GB_START.x - GB_COLUMNS[1]!) / 2);
    expect(sprite(gb, 0)[1]).toBe(GB_COLUMNS[1]);
    gb.runFrames(62);
    expect(status(gb).score).toBe('002');
    // Three more land on the floor: a noise and a life each, then GAME OVER.
    log = gb.soundWrites.length;
    gb.runFrames(66);
    expect(status(gb).lives).toBe('2');
    gb.runFrames(66 * 2);
    expect(status(gb)).toEqual({ score: '002', lives: '0', message: 'GAME OVER' });
    expect(noises(gb, log)).toBe(3);
    expect(sprite(gb, 1)[0]).toBe(0);
    // Over means over: nothing falls until Start, which plays a new round.
    gb.runFrames(120);
    expect(status(gb).score).toBe('002');
    hold(gb, ['start'], 1);
    expect(status(gb)).toEqual({ score: '000', lives: '3', message: '' });
  });

  it('keeps the player between the walls and counts past 99', () => {
    const gb = boot('Byte Busters', 15, 'catch');
    hold(gb, ['right'], 200);
    expect(sprite(gb, 0)[1]).toBe(152);
    hold(gb, ['left'], 200);
    expect(sprite(gb, 0)[1]).toBe(16);
    // The score is decimal: 99 + 1 shows 100 (the program's BCD, set here to 99).
    hold(gb, ['start'], 1);
    gb.mem[0xff86] = 0x99;
    hold(gb, ['right'], (GB_COLUMNS[0]! - 16) / 2);
    gb.runFrames(62);
    expect(status(gb).score).toBe('100');
  });

  it('messages fit the row', () => {
    for (const m of GB_MESSAGES) expect(m).toHaveLength(12);
  });
});
