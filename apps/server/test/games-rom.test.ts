import { describe, expect, it } from 'vitest';
import { assemble, HOMEBREWS, type Homebrew, homebrewRom } from '../src/seed/games/homebrew';
import { cartProgram, TOY_START } from '../src/seed/games/nes-game';
import { PAD } from '../src/seed/games/nes-hardware';
import { LANE_X, PLAYER_START_X, PLAYER_Y, ROAD } from '../src/seed/games/nes-race';
import { nesMachine } from './nes-machine';

/** Boots a homebrew in the test machine (nes-machine.ts). */
function start(game: Homebrew, sram?: Uint8Array) {
  const { labels } = assemble(cartProgram({ ...game, kind: game.kind ?? 'toy' }));
  const nes = nesMachine(homebrewRom(game), labels, sram);
  nes.boot();
  return nes;
}

/** Holds `buttons` for `frames` frames, then lets go for one. */
function hold(nes: ReturnType<typeof nesMachine>, buttons: number, frames: number) {
  nes.pad = buttons;
  for (let i = 0; i < frames; i += 1) nes.frame();
  nes.pad = 0;
  nes.frame();
}

/** Sprite `i` as the PPU has it after the last vblank's DMA. */
const sprite = (nes: ReturnType<typeof nesMachine>, i: number) => {
  const [y, tile, attr, x] = nes.oam.subarray(i * 4, i * 4 + 4);
  return { x: x!, y: y!, tile: tile!, attr: attr! };
};

/** Writes to pulse 1's timer high byte ($4003): each starts a note. */
const notes = (nes: ReturnType<typeof nesMachine>) => nes.apu.filter(([addr]) => addr === 0x4003);

const [garden, drift, ember] = HOMEBREWS as [Homebrew, Homebrew, Homebrew];

describe('the generated homebrew boots', () => {
  it('loads its palette, fills the screen, prints its title and turns the picture and the NMI on', () => {
    const nes = start(garden);
    expect([...nes.vram.subarray(0x3f00, 0x3f20)]).toEqual(garden.palette);
    expect(nes.screen(12)).toContain(garden.title);
    expect(nes.screen(14)).toContain(`${garden.subtitle} 1`);
    // The background pattern: tiles 0–3 in diagonal stripes around the text.
    expect(new Set(nes.vram.subarray(0x2000, 0x2000 + 32 * 10))).toEqual(new Set([0, 1, 2, 3]));
    expect(nes.ppu.mask & 0x18).toBe(0x18); // background and sprites shown
    expect(nes.ppu.ctrl & 0x80).toBe(0x80); // NMI on
    expect(nes.ppu.ctrl & 0x08).toBe(0x08); // sprites from the pattern table at $1000
    // Pulse 1 and noise are switched on, and no note plays before a button is pressed.
    expect(nes.apu).toContainEqual([0x4015, 0x09]);
    nes.frame();
    expect(notes(nes)).toEqual([]);
  });

  it('counts its boots in battery RAM, which a second boot reads back', () => {
    const sram = new Uint8Array(0x2000);
    start(ember, sram);
    expect([...sram.subarray(0, 3)]).toEqual([1, 0x50, 0x48]);
    const second = start(ember, sram);
    expect(sram[0]).toBe(2);
    expect(second.screen(14)).toContain('SAVE: 2');
    for (let i = 0; i < 10; i += 1) start(ember, sram);
    expect(start(ember, sram).screen(14)).toContain('SAVE: 3'); // 13th boot: the last digit
  });

  it('puts the sprite tiles in the second pattern table and keeps the font in the first', () => {
    const chr = homebrewRom(garden).subarray(16 + 0x4000);
    expect(chr.subarray(0x41 * 16, 0x42 * 16).some((b) => b !== 0)).toBe(true); // 'A'
    for (let t = 0; t < 12; t += 1)
      expect(chr.subarray(0x1000 + t * 16, 0x1010 + t * 16).some((b) => b !== 0)).toBe(true);
  });
});

describe('a toy cart answers the pad', () => {
  it('holds still without input, and the d-pad walks its sprite two pixels a frame', () => {
    const nes = start(garden);
    nes.frame();
    nes.frame(); // the first vblank copies the sprites as they were before the first update
    const still = [...nes.oam];
    for (let i = 0; i < 30; i += 1) nes.frame();
    expect([...nes.oam]).toEqual(still);
    expect(sprite(nes, 0)).toMatchObject({ x: TOY_START.x, y: TOY_START.y, tile: 0 });
    // A 16×16 sprite of four tiles.
    expect(sprite(nes, 3)).toMatchObject({ x: TOY_START.x + 8, y: TOY_START.y + 8, tile: 3 });
    hold(nes, PAD.right, 10);
    expect(sprite(nes, 0).x).toBe(TOY_START.x + 20);
    hold(nes, PAD.up | PAD.left, 5);
    expect(sprite(nes, 0)).toMatchObject({ x: TOY_START.x + 10, y: TOY_START.y - 10 });
    hold(nes, PAD.left, 200);
    expect(sprite(nes, 0).x).toBe(0); // stops at the edge of the screen
  });

  it('plays a note and turns the sprite to another palette on A, and a lower note on B', () => {
    const nes = start(ember);
    hold(nes, PAD.a, 20); // held: one note, not twenty
    expect(notes(nes)).toHaveLength(1);
    expect(nes.apu.slice(-4)).toEqual([
      [0x4002, 0xd5],
      [0x4000, 0x84],
      [0x4001, 0x08],
      [0x4003, 0x08],
    ]);
    expect(sprite(nes, 0).attr & 3).toBe(1);
    hold(nes, PAD.b, 1);
    expect(notes(nes)).toHaveLength(2);
    expect(nes.apu.slice(-4)[0]).toEqual([0x4002, 0x3b]);
    expect(nes.apu.slice(-1)[0]).toEqual([0x4003, 0x0a]);
    expect(sprite(nes, 0).attr & 3).toBe(0);
  });
});

describe('Neon Drift is a race', () => {
  const score = (nes: ReturnType<typeof nesMachine>) => nes.screen(4).slice(18, 21);
  const message = (nes: ReturnType<typeof nesMachine>) => nes.screen(14).slice(10, 22).trim();

  it('waits on its title with the road, the score and PRESS START, and nothing moves', () => {
    expect(drift.kind).toBe('race');
    const nes = start(drift);
    nes.frame();
    nes.frame();
    expect(nes.screen(2)).toContain('NEON DRIFT');
    expect(nes.screen(4).slice(12, 17)).toBe('SCORE');
    expect(score(nes)).toBe('000');
    expect(message(nes)).toBe('PRESS START');
    // The road: blank tiles down the middle, columns 8–23.
    expect([...nes.vram.subarray(0x2000 + 20 * 32 + 8, 0x2000 + 20 * 32 + 24)]).toEqual(
      new Array(16).fill(0),
    );
    const still = [...nes.oam];
    hold(nes, PAD.left | PAD.a, 30);
    expect([...nes.oam]).toEqual(still);
    expect(sprite(nes, 0)).toMatchObject({ x: PLAYER_START_X, y: PLAYER_Y, tile: 4 });
  });

  it('scores the cars that get past, ends on a crash, and starts again on Start', () => {
    const nes = start(drift);
    hold(nes, PAD.start, 1);
    expect(message(nes)).toBe('');
    expect(notes(nes)).toHaveLength(1);
    const car = sprite(nes, 4);
    expect(car.tile).toBe(8);
    expect((car.x - LANE_X) % 32).toBe(0);
    nes.frame();
    expect(sprite(nes, 4).y).toBe(car.y + 2); // comes down two pixels a frame
    // Nobody steers: the first race after power-on always brings the same cars, six get past.
    let frames = 0;
    while (message(nes) === '' && frames < 3000) {
      nes.frame();
      frames += 1;
    }
    expect(message(nes)).toBe('GAME OVER');
    expect(score(nes)).toBe('006');
    expect(notes(nes)).toHaveLength(1 + 6); // the start, then one a point
    expect(nes.apu.slice(-1)[0]).toEqual([0x400f, 0x08]); // the crash on the noise channel
    const crashed = [...nes.oam];
    for (let i = 0; i < 30; i += 1) nes.frame();
    expect([...nes.oam]).toEqual(crashed); // the game is over: nothing moves
    hold(nes, PAD.start, 1);
    expect(score(nes)).toBe('000');
    expect(message(nes)).toBe('');
    expect(sprite(nes, 4).y).toBeLessThan(10); // a new car at the top
  });

  it('steers between the kerbs', () => {
    const nes = start(drift);
    hold(nes, PAD.start, 1);
    hold(nes, PAD.right, 10);
    expect(sprite(nes, 0).x).toBe(PLAYER_START_X + 20);
    hold(nes, PAD.left, 40); // 30 frames to the kerb; the first car is still far up the road
    expect(sprite(nes, 0).x).toBe(ROAD.left);
  });
});
