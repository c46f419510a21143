import { describe, expect, it } from 'vitest';
import {
  GB_SIZE,
  gameBoyCode,
  gameBoyMap,
  gameBoyRom,
  gameBoyTiles,
  MD_DISPLAY_ON,
  MD_SIZE,
  MD_VDP_REGISTERS,
  megaDriveCode,
  megaDriveMap,
  megaDrivePalette,
  megaDriveRom,
  megaDriveTiles,
  SUBTITLE,
  TILE_COUNT,
  vdpWrite,
} from '../src/seed/games/carts';

const hex = (bytes: ArrayLike<number>) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

/** The row of a `width`-cell map that holds `text` as tile numbers (ASCII codes), or -1. */
function rowWith(map: number[], width: number, text: string): number {
  const codes = [...text].map((ch) => ch.charCodeAt(0)).join(',');
  for (let row = 0; row * width < map.length; row += 1)
    if (
      map
        .slice(row * width, row * width + width)
        .join(',')
        .includes(codes)
    )
      return row;
  return -1;
}

describe('the Game Boy cartridge', () => {
  const rom = gameBoyRom('Pocket Gardener', 14);
  const { code, labels } = gameBoyCode('Pocket Gardener', 14);

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
    // Entry: nop; jp $0150, where the program is.
    expect(hex(rom.subarray(0x100, 0x104))).toBe('00 c3 50 01');
    expect(hex(rom.subarray(0x150, 0x150 + code.length))).toBe(hex(code));
  });

  it('turns the LCD off in vblank, copies tiles and map, sets BGP and turns the LCD on', () => {
    const tiles = labels.get('tiles')!;
    const map = labels.get('map')!;
    const copy = labels.get('copy')!;
    const le = (n: number) => hex([n & 0xff, n >> 8]);
    expect(hex(code.slice(0, copy - 0x150))).toBe(
      [
        'f3', // di
        '31 fe ff', // ld sp,$FFFE
        'f0 44 fe 90 38 fa', // wait: ldh a,(LY); cp 144; jr c,wait
        'af e0 40', // xor a; ldh (LCDC),a — LCD off
        `21 00 80 11 ${le(tiles)} 01 ${le(TILE_COUNT * 16)} cd ${le(copy)}`, // tiles → $8000
        `21 00 98 11 ${le(map)} 01 ${le(32 * 32)} cd ${le(copy)}`, // map → $9800
        '3e e4 e0 47', // BGP = %11100100
        'af e0 42 e0 43', // SCY = SCX = 0
        '3e 91 e0 40', // LCDC: LCD and background on, tiles at $8000, map at $9800
        '18 fe', // jr forever
      ].join(' '),
    );
    // copy: ld a,(de); ld (hl+),a; inc de; dec bc; ld a,b; or c; jr nz,copy; ret
    expect(hex(code.slice(copy - 0x150, tiles - 0x150))).toBe('1a 22 13 0b 78 b1 20 f8 c9');
    expect(code.slice(tiles - 0x150, map - 0x150)).toEqual(gameBoyTiles());
    expect(code.slice(map - 0x150)).toEqual(gameBoyMap('Pocket Gardener', 14));
  });

  it('draws the title and the subtitle inside the visible 20×18 cells, in 2bpp font tiles', () => {
    const map = gameBoyMap('Pocket Gardener', 14);
    const title = rowWith(map, 32, 'POCKET GARDENER');
    const subtitle = rowWith(map, 32, SUBTITLE);
    expect(title).toBeGreaterThan(0);
    expect(subtitle).toBeGreaterThan(title);
    expect(subtitle).toBeLessThan(18);
    const tiles = gameBoyTiles();
    expect(tiles).toHaveLength(TILE_COUNT * 16);
    // Tile 0 is blank; 'P' has ink in both bit planes (colour 3) and nowhere else.
    expect(tiles.slice(0, 16).every((b) => b === 0)).toBe(true);
    const p = tiles.slice(0x50 * 16, 0x51 * 16);
    expect(p.some((b) => b !== 0)).toBe(true);
    for (let row = 0; row < 8; row += 1) expect(p[row * 2]).toBe(p[row * 2 + 1]);
    // Long titles wrap into the box rather than running off the screen.
    const long = gameBoyMap('The Extraordinarily Long Title', 1);
    expect(rowWith(long, 32, 'EXTRAORDINARILY')).toBeGreaterThan(0);
  });

  it('gives every title its own image', () => {
    expect(gameBoyRom('Owl Post', 21).equals(gameBoyRom('Mossy Maze', 18))).toBe(false);
  });
});

describe('the Mega Drive cartridge', () => {
  const rom = megaDriveRom('Chrome Runner', 22);
  const { code, labels } = megaDriveCode('Chrome Runner', 22);
  const words = (from: number, to: number) => {
    const out: number[] = [];
    for (let i = from; i < to; i += 2) out.push(rom.readUInt16BE(i));
    return out;
  };

  it('has the header, vectors and the checksum at $18E', () => {
    expect(rom.length).toBe(MD_SIZE);
    expect(rom.subarray(0x100, 0x10f).toString('latin1')).toBe('SEGA MEGA DRIVE');
    expect(rom.readUInt32BE(4)).toBe(0x200);
    expect(rom.readUInt32BE(0x1a4)).toBe(MD_SIZE - 1);
    let sum = 0;
    for (let i = 0x200; i < MD_SIZE; i += 2) sum += rom.readUInt16BE(i);
    expect(rom.readUInt16BE(0x18e)).toBe(sum & 0xffff);
    // Every exception vector points at an rte.
    const rte = rom.readUInt32BE(8);
    expect(rom.readUInt16BE(rte)).toBe(0x4e73);
    expect(hex(rom.subarray(0x200, 0x200 + code.length))).toBe(hex(code));
  });

  it('programs the VDP, then loads colours, tiles and the plane A map, then shows the display', () => {
    const regs = labels.get('regs')!;
    const palette = labels.get('palette')!;
    const tiles = labels.get('tiles')!;
    const map = labels.get('map')!;
    expect(words(regs, palette)).toEqual(MD_VDP_REGISTERS);
    expect(MD_VDP_REGISTERS).toContain(0x8230); // plane A at $C000
    expect(MD_VDP_REGISTERS).toContain(0x8f02); // auto-increment 2
    expect(words(palette, tiles)).toEqual(megaDrivePalette(22));
    expect([...rom.subarray(tiles, map)]).toEqual(megaDriveTiles());
    expect(words(map, map + 64 * 32 * 2)).toEqual(megaDriveMap('Chrome Runner', 22));
    // The VDP control longs: CRAM 0, VRAM 0 and VRAM $C000, VSRAM 0.
    expect([
      vdpWrite('cram', 0),
      vdpWrite('vram', 0),
      vdpWrite('vram', 0xc000),
      vdpWrite('vsram', 0),
    ]).toEqual([0xc0000000, 0x40000000, 0x40000003, 0x40000010]);
    const program = hex(code.slice(0, regs - 0x200));
    const at = (needle: string, from = 0) => program.indexOf(needle, from);
    // lea $C00004,a0 ; lea $C00000,a1 — then in order: registers, CRAM, tiles, map, display on.
    expect(at('41 f9 00 c0 00 04 43 f9 00 c0 00 00')).toBeGreaterThan(0);
    const cram = at('20 bc c0 00 00 00');
    const tilesAt = at('20 bc 40 00 00 00', cram);
    const mapAt = at('20 bc 40 00 00 03');
    const displayOn = at(`30 bc ${hex([MD_DISPLAY_ON >> 8, MD_DISPLAY_ON & 0xff])}`);
    expect(cram).toBeGreaterThan(0);
    expect(tilesAt).toBeGreaterThan(cram);
    expect(mapAt).toBeGreaterThan(tilesAt);
    expect(displayOn).toBeGreaterThan(mapAt);
    // Ends in bra.s * then the rte.
    expect(program.endsWith('60 fe 4e 73')).toBe(true);
  });

  it('draws the title inside the visible 40×28 cells', () => {
    const map = megaDriveMap('Chrome Runner', 22);
    const title = rowWith(map, 64, 'CHROME RUNNER');
    expect(title).toBeGreaterThan(0);
    expect(rowWith(map, 64, SUBTITLE)).toBeLessThan(28);
    expect(megaDriveTiles()).toHaveLength(TILE_COUNT * 32);
  });
});
