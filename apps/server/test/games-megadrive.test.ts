import { describe, expect, it } from 'vitest';
import { SUBTITLE, TILE_COUNT } from '../src/seed/games/carts';
import {
  CAR_TILE,
  GAME_OVER,
  LANE_DASH,
  MD_DISPLAY_ON,
  MD_HIT,
  MD_PLAYER,
  MD_SIZE,
  MD_TILE_COUNT,
  MD_VARS,
  MD_VDP_REGISTERS,
  type MegaDriveCart,
  megaDriveCode,
  megaDriveLaneMap,
  megaDriveMap,
  megaDrivePalette,
  megaDriveRoadMap,
  megaDriveRom,
  megaDriveSign,
  megaDriveTiles,
  NOTE_BEEP,
  PRESS_START,
  ROAD,
  SCORE_CELL,
  SIGN_TILE,
  SPARK_TILE,
  vdpWrite,
} from '../src/seed/games/megadrive';

const hex = (bytes: ArrayLike<number>) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');
const w = (...list: number[]) => hex(list.flatMap((x) => [x >> 8, x & 0xff]));

/** The row of a 64-cell-wide map that holds `text` as tile numbers (ASCII codes), or -1. */
function rowWith(map: number[], text: string): number {
  const codes = [...text].map((ch) => ch.charCodeAt(0)).join(',');
  for (let row = 0; row * 64 < map.length; row += 1)
    if (
      map
        .slice(row * 64, row * 64 + 64)
        .join(',')
        .includes(codes)
    )
      return row;
  return -1;
}

function cart(title: string, seed: number, kind: MegaDriveCart) {
  const rom = megaDriveRom(title, seed, kind);
  const { code, labels } = megaDriveCode(title, seed, kind);
  const label = (name: string) => {
    const address = labels.get(name);
    if (address === undefined) throw new Error(`no label ${name}`);
    return address;
  };
  const words = (from: number, to: number) => {
    const out: number[] = [];
    for (let i = from; i < to; i += 2) out.push(rom.readUInt16BE(i));
    return out;
  };
  /** The bytes from one label up to the next one named. */
  const between = (from: string, to: string) => hex(rom.subarray(label(from), label(to)));
  return { rom, code, label, words, between };
}

describe('the Mega Drive cartridges', () => {
  const demo = cart('Chrome Runner', 22, 'demo');
  const race = cart('Thunder Alley', 26, 'race');

  it('have the header, vectors and the checksum at $18E', () => {
    for (const { rom, code, label } of [demo, race]) {
      expect(rom.length).toBe(MD_SIZE);
      expect(rom.subarray(0x100, 0x10f).toString('latin1')).toBe('SEGA MEGA DRIVE');
      expect(rom.readUInt32BE(0)).toBe(0xfffe00);
      expect(rom.readUInt32BE(4)).toBe(0x200);
      expect(label('reset')).toBe(0x200);
      expect(rom.readUInt32BE(0x1a4)).toBe(MD_SIZE - 1);
      let sum = 0;
      for (let i = 0x200; i < MD_SIZE; i += 2) sum += rom.readUInt16BE(i);
      expect(rom.readUInt16BE(0x18e)).toBe(sum & 0xffff);
      // Every exception vector points at an rte.
      for (let v = 8; v < 0x100; v += 4) expect(rom.readUInt32BE(v)).toBe(label('exception'));
      expect(rom.readUInt16BE(label('exception'))).toBe(0x4e73);
      expect(hex(rom.subarray(0x200, 0x200 + code.length))).toBe(hex(code));
    }
    expect(race.rom.subarray(0x120, 0x12d).toString('latin1')).toBe('THUNDER ALLEY');
    expect(demo.rom.equals(megaDriveRom('Iron Falcon', 29))).toBe(false);
  });

  it('program the VDP, then load colours, tiles and the title screen, then show the display', () => {
    const { words, label, code, rom } = demo;
    expect(words(label('regs'), label('palette'))).toEqual(MD_VDP_REGISTERS);
    expect(MD_VDP_REGISTERS).toContain(0x8230); // plane A at $C000
    expect(MD_VDP_REGISTERS).toContain(0x857c); // sprites at $F800
    expect(MD_VDP_REGISTERS).toContain(0x8f02); // auto-increment 2
    expect(words(label('palette'), label('tiles'))).toEqual(megaDrivePalette(22));
    expect([...rom.subarray(label('tiles'), label('title_map'))]).toEqual(megaDriveTiles());
    expect(words(label('title_map'), label('title_map') + 64 * 32 * 2)).toEqual(
      megaDriveMap('Chrome Runner', 22),
    );
    // The VDP control longs: CRAM 0, VRAM 0, VRAM $C000 (plane A), VSRAM 0 and 2, VRAM $F800.
    expect([
      vdpWrite('cram', 0),
      vdpWrite('vram', 0),
      vdpWrite('vram', 0xc000),
      vdpWrite('vsram', 0),
      vdpWrite('vsram', 2),
      vdpWrite('vram', 0xf800),
    ]).toEqual([0xc0000000, 0x40000000, 0x40000003, 0x40000010, 0x40020010, 0x78000003]);
    const program = hex(code.slice(0, label('main') - 0x200));
    const at = (needle: string, from = 0) => program.indexOf(needle, from);
    // lea $C00004,a0 ; lea $C00000,a1 — then in order: registers, CRAM, tiles, plane A, display on.
    expect(at('41 f9 00 c0 00 04 43 f9 00 c0 00 00')).toBeGreaterThan(0);
    const cram = at('20 bc c0 00 00 00');
    const tiles = at('20 bc 40 00 00 00', cram);
    const tileLongs = w(0x323c, (MD_TILE_COUNT * 32) / 4 - 1);
    const displayOn = at(w(0x30bc, MD_DISPLAY_ON));
    expect(cram).toBeGreaterThan(0);
    expect(at(tileLongs)).toBeGreaterThan(tiles);
    // bsr.w load_plane_a, whose displacement is counted from its own extension word.
    const bsr = at(`61 00 ${w(label('load_plane_a') - (0x200 + at('61 00') / 3 + 2))}`);
    expect(bsr).toBeGreaterThan(tiles);
    expect(displayOn).toBeGreaterThan(bsr);
    expect(demo.between('load_plane_a', 'wait_vblank')).toBe(
      `${w(0x20bc, 0x4000, 0x0003)} 32 3c 07 ff 32 9a 51 c9 ff fc 4e 75`,
    );
  });

  it('read the pad by switching TH, and beep on PSG channel 0 fading out over 15 frames', () => {
    expect(demo.between('read_pad', 'beep')).toBe(
      [
        '18 bc 00 40 4e 71 4e 71 10 14 02 40 00 3f', // TH high; nop; nop; C B right left down up
        '18 bc 00 00 4e 71 4e 71 12 14 02 41 00 30 e5 49 80 41', // TH low; Start A, shifted to bits 6–7
        '46 00 18 bc 00 40', // not.b (a button down reads 0); TH high again
        '32 07 46 41 c2 40 3c 01 3e 00 4e 75', // d6 = pressed now, not before; d7 = held
      ].join(' '),
    );
    expect(demo.between('beep', 'sound_tick')).toBe(
      [
        '12 00 02 01 00 0f 00 01 00 80 16 81', // latch byte: %1000 and the period's low 4 bits
        'e8 48 02 00 00 3f 16 80', // data byte: its high 6 bits
        '16 bc 00 90', // channel 0 attenuation 0
        `3b 7c 00 0f ${w(MD_VARS.beep)} 4e 75`, // 15 frames to fade
      ].join(' '),
    );
    // The PSG is at $C00011; start-up silences its four channels.
    expect(hex(demo.code)).toContain('47 f9 00 c0 00 11 16 bc 00 9f 16 bc 00 bf 16 bc 00 df 16 bc 00 ff');
  });

  it('demo: the D-pad moves the spark; A, B, C or Start recolours it and beeps', () => {
    const loop = demo.between('demo_loop', 'regs');
    // The sprite entry each frame: y, 2×2 cells, attributes, x.
    expect(loop).toContain(
      `${w(0x20bc, 0x7800, 0x0003)} ${w(0x32ad, MD_VARS.y, 0x32bc, 0x0500, 0x32ad, MD_VARS.attr)}`,
    );
    // btst #0–3,d7 then subq/addq #2 on y or x.
    for (const [bit, step] of [
      [0, w(0x556d, MD_VARS.y)],
      [1, w(0x546d, MD_VARS.y)],
      [2, w(0x556d, MD_VARS.x)],
      [3, w(0x546d, MD_VARS.x)],
    ] as const)
      expect(loop).toContain(`${w(0x0807, bit)} 67 04 ${step}`);
    // A newly pressed button: swap palettes 1 and 2, then bsr beep with the note.
    const press = `${w(0x1006, 0x0200, 0x00f0)} 67`;
    expect(loop).toContain(press);
    const after = loop.slice(loop.indexOf(press));
    expect(after).toContain(`${w(0x0a6d, 0x6000, MD_VARS.attr)} ${w(0x303c, NOTE_BEEP)} 61 00`);
    expect(hex(demo.code)).toContain(w(0x3b7c, 0x2000 | SPARK_TILE, MD_VARS.attr));
  });

  it('race: the title waits for Start, the road and its lanes load, the sign shows at a crash', () => {
    const title = megaDriveMap('Thunder Alley', 26, 'race');
    expect(rowWith(title, 'THUNDER ALLEY')).toBeGreaterThan(0);
    expect(rowWith(title, PRESS_START)).toBeGreaterThan(rowWith(title, 'THUNDER ALLEY'));
    expect(rowWith(title, SUBTITLE)).toBe(-1);
    expect(race.words(race.label('title_map'), race.label('road_map'))).toEqual(title);

    const road = megaDriveRoadMap();
    expect(race.words(race.label('road_map'), race.label('lane_map'))).toEqual(road);
    for (let y = 0; y < 28; y += 1)
      for (let x = ROAD.left; x <= ROAD.right; x += 1) expect(road[y * 64 + x], `${x},${y}`).toBe(0);
    expect(rowWith(road, 'SCORE')).toBe(SCORE_CELL.y - 1);
    expect(road.slice(SCORE_CELL.y * 64 + SCORE_CELL.x, SCORE_CELL.y * 64 + SCORE_CELL.x + 4)).toEqual([
      0x30, 0x30, 0x30, 0x30,
    ]);
    const lanes = megaDriveLaneMap();
    expect(race.words(race.label('lane_map'), race.label('links'))).toEqual(lanes);
    // Dashes between the four lanes, two cells on, two off.
    for (const x of [ROAD.left + 4, ROAD.left + 8, ROAD.left + 12])
      expect(lanes.filter((tile, i) => i % 64 === x && tile === LANE_DASH)).toHaveLength(16);

    const sign = megaDriveSign();
    expect(sign).toHaveLength(3);
    expect(race.words(race.label('sign_0'), race.label('sign_1'))).toEqual([...sign[0]!, 0]);
    expect(race.words(race.label('sign_2'), race.label('sign_2') + sign[2]!.length * 2 + 2)).toEqual([
      ...sign[2]!,
      0,
    ]);
    // Its letters are the font's, on black (colour 4, palette 0) instead of see-through colour 0.
    const tiles = megaDriveTiles();
    // Its own tiles, in front of the sprites (bit 15).
    const signTiles = sign.flat().map((cell) => cell & 0x7ff);
    expect(sign.flat().every((cell) => cell & 0x8000)).toBe(true);
    expect(signTiles.every((tile) => tile >= SIGN_TILE && tile < MD_TILE_COUNT)).toBe(true);
    expect(sign[0]).toHaveLength(PRESS_START.length + 2);
    // 'G' on black: its ink is the font's colour 3, the rest colour 4.
    const g = signTiles[Math.floor((sign[0]!.length - GAME_OVER.length) / 2)]!;
    const nibbles = tiles.slice(g * 32, g * 32 + 32).flatMap((byte) => [byte >> 4, byte & 15]);
    expect(new Set(nibbles)).toEqual(new Set([3, 4]));
    const blank = tiles.slice(signTiles[sign[0]!.length]! * 32, signTiles[sign[0]!.length]! * 32 + 32);
    expect(blank.every((byte) => byte === 0x44)).toBe(true);
    expect(megaDrivePalette(26)[4]).toBe(0);
    expect(tiles).toHaveLength(MD_TILE_COUNT * 32);
    expect(MD_TILE_COUNT).toBeGreaterThan(TILE_COUNT);
  });

  it('race: steering, traffic, the score in BCD and the crash test', () => {
    const loop = race.between('race_loop', 'crash');
    // Left and right move the car 3 pixels, kept between the road's edges.
    expect(loop).toContain(`${w(0x0807, 2)} 67 04 ${w(0x576d, MD_VARS.x)}`);
    expect(loop).toContain(`${w(0x0807, 3)} 67 04 ${w(0x566d, MD_VARS.x)}`);
    const roadX = 128 + ROAD.left * 8;
    expect(loop).toContain(w(0x323c, roadX, 0x343c, roadX + 128 - 16));
    // A horn on A, B or C.
    expect(loop).toContain(`${w(0x1006, 0x0200, 0x0070)} 67 08 ${w(0x303c, 508)} 61 00`);
    // A car hits when it touches: closer than 14 lines and 17 pixels.
    expect(MD_HIT).toEqual({ lines: 14, pixels: 17 });
    expect(loop).toContain(`${w(0x0c40, 14)} 6c`);
    expect(loop).toContain(`${w(0x0c40, 17)} 6d`);
    // score_point: two abcd with the X flag cleared first, then stored.
    expect(race.between('score_point', 'score_sound')).toContain(
      `${w(0x7201, 0x44fc, 0x0000, 0xc101, 0xe058, 0x7200, 0xc101, 0xe058, 0x3b40, MD_VARS.score)}`,
    );
    // draw_race: the digits at the score's cell, '0' + each nibble.
    const cell = 0xc000 + (SCORE_CELL.y * 64 + SCORE_CELL.x) * 2;
    expect(race.between('draw_race', 'regs')).toContain(
      `${w(0x20bc, ...[vdpWrite('vram', cell) >>> 16, vdpWrite('vram', cell) & 0xffff])} ${w(0x302d, MD_VARS.score)}`,
    );
    expect(race.between('draw_race', 'regs')).toContain(w(0x32bc, 0x2000 | CAR_TILE));
    expect(race.between('draw_race', 'regs')).toContain(w(0x32bc, 0x5000 | CAR_TILE));
    expect(race.words(race.label('links'), race.label('sign_0'))).toEqual([0x0502, 0x0503, 0x0504, 0x0500]);
    // The race starts with the player in lane 2 of 4, at the bottom.
    expect(hex(race.code)).toContain(w(0x3b7c, MD_PLAYER.x, MD_VARS.x, 0x3b7c, MD_PLAYER.y, MD_VARS.y));
  });
});
