import { describe, expect, it } from 'vitest';
import {
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
