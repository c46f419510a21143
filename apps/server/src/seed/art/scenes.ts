import type { Random } from '../random';
import { Canvas, mix, type Rgb, shade } from './canvas';
import { drawText, textWidth } from './font';

/**
 * Procedural pixel-art pictures for the demo world: landscapes, sprite sheets, palettes, a
 * platformer level, a circuit board, a cartridge shelf and a tracker scope. Each is drawn small
 * and scaled up when encoded; the same Random gives the same picture.
 */

export type Mood = 'day' | 'dusk' | 'night';

const MOODS: Record<
  Mood,
  { top: Rgb; bottom: Rgb; sun: Rgb; far: Rgb; near: Rgb; ground: Rgb; water: Rgb; cloud: Rgb }
> = {
  day: {
    top: 0x2f6fd0,
    bottom: 0xa9dcff,
    sun: 0xfff1a8,
    far: 0x7a9cc6,
    near: 0x3f7a4a,
    ground: 0x2e5e36,
    water: 0x3a7fc2,
    cloud: 0xffffff,
  },
  dusk: {
    top: 0x2a1b4d,
    bottom: 0xff9a5c,
    sun: 0xffd36b,
    far: 0x7a4a7e,
    near: 0x3b2446,
    ground: 0x24162e,
    water: 0x5a3a6e,
    cloud: 0xffb3a0,
  },
  night: {
    top: 0x070b1f,
    bottom: 0x2b3c78,
    sun: 0xf6f2cf,
    far: 0x233158,
    near: 0x141d38,
    ground: 0x0d1428,
    water: 0x1c2a55,
    cloud: 0x3c4b80,
  },
};

/** A mountain ridge line by midpoint displacement: one height per column. */
function ridge(rnd: Random, width: number, base: number, amplitude: number): number[] {
  let size = 1;
  while (size < width) size *= 2;
  const h = new Array<number>(size + 1).fill(base);
  h[0] = base + (rnd.next() - 0.5) * amplitude;
  h[size] = base + (rnd.next() - 0.5) * amplitude;
  let amp = amplitude;
  for (let step = size; step > 1; step /= 2) {
    for (let i = 0; i < size; i += step)
      h[i + step / 2] = (h[i]! + h[i + step]!) / 2 + (rnd.next() - 0.5) * amp;
    amp *= 0.55;
  }
  return h.slice(0, width).map(Math.round);
}

function cloud(c: Canvas, rnd: Random, x: number, y: number, color: Rgb): void {
  const puffs = rnd.int(2, 4);
  for (let i = 0; i < puffs; i++) c.disc(x + i * 4, y - (i % 2) * 2, rnd.int(2, 3), color);
  c.rect(x - 2, y + 1, puffs * 4 + 3, 2, color);
}

function pine(c: Canvas, x: number, baseY: number, height: number, color: Rgb): void {
  for (let i = 0; i < height; i++) {
    const half = Math.floor((i * 3) / height / 1.2);
    c.rect(x - half, baseY - height + i, half * 2 + 1, 1, i % 2 ? color : shade(color, 0.8));
  }
  c.set(x, baseY + 1, shade(color, 0.6));
}

export function landscape(rnd: Random, mood: Mood, w = 96, h = 64): Canvas {
  const m = MOODS[mood];
  const c = new Canvas(w, h);
  c.gradient(0, 0, w, h, m.top, m.bottom, 7);
  if (mood === 'night')
    for (let i = 0; i < (w * h) / 45; i++)
      c.set(rnd.int(0, w - 1), rnd.int(0, Math.floor(h * 0.55)), rnd.chance(0.3) ? 0xfff3b0 : 0xdde6ff);
  const sunX = rnd.int(Math.floor(w * 0.2), Math.floor(w * 0.8));
  const sunY = mood === 'dusk' ? Math.floor(h * 0.48) : Math.floor(h * 0.25);
  const radius = mood === 'dusk' ? 8 : 5;
  c.disc(sunX, sunY, radius + 1, mix(m.sun, m.bottom, 0.5));
  c.disc(sunX, sunY, radius, m.sun);
  if (mood === 'night') {
    c.set(sunX - 2, sunY - 1, shade(m.sun, 0.85));
    c.set(sunX + 1, sunY + 2, shade(m.sun, 0.85));
    c.set(sunX + 2, sunY - 2, shade(m.sun, 0.9));
  }
  if (mood !== 'night')
    for (let i = rnd.int(2, 4); i > 0; i--)
      cloud(c, rnd, rnd.int(0, w - 12), rnd.int(4, Math.floor(h * 0.35)), m.cloud);

  const far = ridge(rnd, w, Math.floor(h * 0.55), h * 0.35);
  for (let x = 0; x < w; x++) {
    c.rect(x, far[x]!, 1, h - far[x]!, m.far);
    // Snow or light on the highest peaks.
    if (far[x]! < h * 0.42) c.rect(x, far[x]!, 1, 2, mix(m.far, 0xffffff, mood === 'day' ? 0.7 : 0.25));
  }
  const near = ridge(rnd, w, Math.floor(h * 0.72), h * 0.18);
  for (let x = 0; x < w; x++) c.rect(x, near[x]!, 1, h - near[x]!, m.near);
  for (let x = rnd.int(0, 4); x < w; x += rnd.int(3, 9))
    pine(c, x, near[x]!, rnd.int(4, 8), shade(m.near, 0.75));

  const shore = Math.floor(h * 0.84);
  if (rnd.chance(0.5)) {
    c.rect(0, shore, w, h - shore, m.water);
    for (let y = shore + 1; y < h; y += 2)
      for (let x = rnd.int(0, 6); x < w; x += rnd.int(6, 14))
        c.rect(x, y, rnd.int(2, 5), 1, shade(m.water, 1.3));
    for (let y = shore + 1; y < h; y += 2)
      c.rect(sunX - rnd.int(1, 3), y, rnd.int(3, 6), 1, mix(m.sun, m.water, 0.3));
  } else {
    c.rect(0, shore, w, h - shore, m.ground);
    for (let i = 0; i < w; i++) c.set(rnd.int(0, w - 1), rnd.int(shore, h - 1), shade(m.ground, 1.35));
  }
  return c;
}

const SPRITE_COLORS: Rgb[] = [0xe05a5a, 0xf2a541, 0xf7d65a, 0x6cc76b, 0x4bb3c9, 0x5b7be0, 0xa46de0, 0xe070b8];
const OUTLINE = 0x141420;

/** One mirrored 12×12 creature: a random half body, mirrored, shaded top to bottom, outlined. */
export function sprite(rnd: Random, base: Rgb = rnd.pick(SPRITE_COLORS)): Canvas {
  const size = 12;
  const c = new Canvas(size, size);
  const filled = (x: number, y: number) => c.get(x, y) !== null && c.get(x, y) !== OUTLINE;
  for (let y = 1; y < size - 1; y++)
    for (let x = 1; x < size / 2; x++) {
      const p = 0.2 + 0.55 * (x / (size / 2)) - 0.3 * (Math.abs(y - 6) / 6);
      if (!rnd.chance(p)) continue;
      const color = y < 4 ? shade(base, 1.35) : y > 8 ? shade(base, 0.6) : base;
      c.set(x, y, color);
      c.set(size - 1 - x, y, color);
    }
  const eyeY = rnd.int(3, 6);
  const eyeX = rnd.int(3, 4);
  if (filled(eyeX, eyeY)) {
    c.set(eyeX, eyeY, 0xffffff);
    c.set(size - 1 - eyeX, eyeY, 0xffffff);
  }
  const edge: [number, number][] = [];
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      if (
        c.get(x, y) === null &&
        [filled(x - 1, y), filled(x + 1, y), filled(x, y - 1), filled(x, y + 1)].some(Boolean)
      )
        edge.push([x, y]);
  for (const [x, y] of edge) c.set(x, y, OUTLINE);
  return c;
}

export function spriteSheet(rnd: Random, cols = 4, rows = 3): Canvas {
  const c = new Canvas(cols * 16, rows * 16);
  for (let y = 0; y < c.height; y++)
    for (let x = 0; x < c.width; x++)
      c.set(x, y, (Math.floor(x / 8) + Math.floor(y / 8)) % 2 ? 0x1b1b2f : 0x22223a);
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < cols; col++) c.blit(sprite(rnd), col * 16 + 2, row * 16 + 2);
  return c;
}

export const PALETTES = {
  nes: [
    [
      0x7c7c7c, 0x0000fc, 0x0000bc, 0x4428bc, 0x940084, 0xa80020, 0xa81000, 0x881400, 0x503000, 0x007800,
      0x006800, 0x005800, 0x004058,
    ],
    [
      0xbcbcbc, 0x0078f8, 0x0058f8, 0x6844fc, 0xd800cc, 0xe40058, 0xf83800, 0xe45c10, 0xac7c00, 0x00b800,
      0x00a800, 0x00a844, 0x008888,
    ],
    [
      0xf8f8f8, 0x3cbcfc, 0x6888fc, 0x9878f8, 0xf878f8, 0xf85898, 0xf87858, 0xfca044, 0xf8b800, 0xb8f818,
      0x58d854, 0x58f898, 0x00e8d8,
    ],
    [
      0xfcfcfc, 0xa4e4fc, 0xb8b8f8, 0xd8b8f8, 0xf8b8f8, 0xf8a4c0, 0xf0d0b0, 0xfce0a8, 0xf8d878, 0xd8f878,
      0xb8f8b8, 0xb8f8d8, 0x00fcfc,
    ],
  ],
  gameboy: [[0x0f380f, 0x306230, 0x8bac0f, 0x9bbc0f]],
  pico8: [
    [0x000000, 0x1d2b53, 0x7e2553, 0x008751, 0xab5236, 0x5f574f, 0xc2c3c7, 0xfff1e8],
    [0xff004d, 0xffa300, 0xffec27, 0x00e436, 0x29adff, 0x83769c, 0xff77a8, 0xffccaa],
  ],
} as const;

/** Swatches of a console's palette, as a palette reference card. */
export function paletteCard(name: keyof typeof PALETTES): Canvas {
  const rows = PALETTES[name];
  const swatch = name === 'gameboy' ? 16 : 7;
  const cols = rows[0]!.length;
  const c = new Canvas(cols * (swatch + 1) + 5, rows.length * (swatch + 1) + 13, 0x16161f);
  c.rect(1, 1, c.width - 2, c.height - 2, 0x24243a);
  drawText(c, name === 'pico8' ? 'PICO-8' : name === 'nes' ? 'NES 2C02' : 'DMG', 3, 3, 0xf0f0f0);
  for (const [y, row] of rows.entries())
    for (const [x, color] of row.entries())
      c.rect(3 + x * (swatch + 1), 10 + y * (swatch + 1), swatch, swatch, color);
  return c;
}

const HERO = ['..RRRR..', '.RRRRRRR', '.HHSSKS.', '.HSSSSSS', '..SSSS..', '.BBRBB..', '.BBBBBB.', '.KK..KK.'];
const WALKER = [
  '..XXXX..',
  '.XXXXXX.',
  'XWKXXKWX',
  'XXXXXXXX',
  '.XXXXXX.',
  '..SSSS..',
  '.KK..KK.',
  '........',
];
const HERO_COLORS: Record<string, Rgb> = {
  R: 0x1fa3a3,
  H: 0x6b3a1e,
  S: 0xf2c193,
  K: 0x1a1a1a,
  B: 0xe8743a,
  X: 0x9a5a2a,
  W: 0xffffff,
};

function drawBitmap(c: Canvas, rows: readonly string[], x: number, y: number, colors: Record<string, Rgb>) {
  for (const [yy, row] of rows.entries())
    for (let xx = 0; xx < row.length; xx++) {
      const color = colors[row[xx]!];
      if (color !== undefined) c.set(x + xx, y + yy, color);
    }
}

/** A side-scrolling level: hills, a brick floor with a pit, floating blocks, coins, a pipe. */
export function platformer(rnd: Random, w = 96, h = 64): Canvas {
  const c = new Canvas(w, h);
  c.gradient(0, 0, w, h, 0x5c94fc, 0xa4d8fc, 4);
  for (let i = rnd.int(2, 3); i > 0; i--) cloud(c, rnd, rnd.int(0, w - 14), rnd.int(5, 18), 0xffffff);
  for (let i = rnd.int(2, 3); i > 0; i--) {
    const hx = rnd.int(0, w);
    c.disc(hx, h - 8, rnd.int(8, 14), 0x58b848);
    c.disc(hx, h - 8, 3, 0x3f8f35);
  }
  const floor = h - 8;
  const pit = rnd.int(4, 8) * 8;
  for (let x = 0; x < w; x += 8) {
    if (x >= pit && x < pit + 16) continue;
    c.rect(x, floor, 8, 8, 0xc84c0c);
    c.rect(x, floor, 8, 1, 0xfcbcb0);
    c.rect(x, floor + 4, 8, 1, 0x1a1a1a);
    c.rect(x + 3, floor + 1, 1, 3, 0x1a1a1a);
    c.rect(x + 7, floor + 5, 1, 3, 0x1a1a1a);
  }
  const rowY = floor - 24;
  const start = rnd.int(1, 4) * 8;
  for (let i = 0; i < rnd.int(3, 5); i++) {
    const x = start + i * 8;
    const question = i % 2 === 1;
    c.rect(x, rowY, 8, 8, question ? 0xf8b800 : 0xc84c0c);
    c.rect(x, rowY, 8, 1, question ? 0xfce0a8 : 0xfcbcb0);
    if (question) {
      c.rect(x + 3, rowY + 2, 2, 1, 0x7a3a00);
      c.set(x + 5, rowY + 3, 0x7a3a00);
      c.set(x + 4, rowY + 4, 0x7a3a00);
      c.set(x + 4, rowY + 6, 0x7a3a00);
    } else c.rect(x, rowY + 4, 8, 1, 0x1a1a1a);
    if (rnd.chance(0.6)) {
      c.rect(x + 3, rowY - 8, 2, 5, 0xf8d830);
      c.set(x + 3, rowY - 7, 0xfff8b0);
    }
  }
  const pipeX = pit + 24 < w - 16 ? pit + 24 : 8;
  c.rect(pipeX, floor - 14, 16, 14, 0x00a800);
  c.rect(pipeX - 1, floor - 18, 18, 5, 0x00c800);
  c.rect(pipeX + 2, floor - 14, 2, 14, 0x80f880);
  c.rect(pipeX + 1, floor - 17, 2, 3, 0xb8f8b8);
  drawBitmap(c, HERO, rnd.int(1, 3) * 8, floor - 8, HERO_COLORS);
  drawBitmap(c, WALKER, w - 16, floor - 8, HERO_COLORS);
  return c;
}

/** A console's main board: traces, pads, chips, and one tired electrolytic capacitor. */
export function circuitBoard(rnd: Random, w = 96, h = 64): Canvas {
  const c = new Canvas(w, h, 0x14472a);
  c.rect(1, 1, w - 2, h - 2, 0x1d5e37);
  const trace = 0x3f9a5a;
  const pad = (x: number, y: number) => {
    c.rect(x - 1, y - 1, 3, 3, 0xd9c07a);
    c.set(x, y, 0x2b2b2b);
  };
  for (let i = 0; i < 28; i++) {
    let x = rnd.int(4, w - 5);
    let y = rnd.int(4, h - 5);
    pad(x, y);
    for (let seg = rnd.int(1, 3); seg > 0; seg--) {
      const horizontal = rnd.chance(0.5);
      const length = rnd.int(4, 20) * (rnd.chance(0.5) ? 1 : -1);
      const tx = horizontal ? Math.min(w - 4, Math.max(3, x + length)) : x;
      const ty = horizontal ? y : Math.min(h - 4, Math.max(3, y + length));
      c.line(x, y, tx, ty, trace);
      x = tx;
      y = ty;
    }
    pad(x, y);
  }
  for (let i = rnd.int(2, 3); i > 0; i--) {
    const cw = rnd.int(12, 20);
    const x = rnd.int(4, w - cw - 4);
    const y = rnd.int(6, h - 16);
    c.rect(x, y, cw, 8, 0x1c1c1c);
    c.rect(x + 1, y + 1, cw - 2, 1, 0x333333);
    for (let px = x + 1; px < x + cw - 1; px += 2) {
      c.set(px, y - 1, 0xb8b8b8);
      c.set(px, y + 8, 0xb8b8b8);
    }
    c.rect(x + 2, y + 4, Math.floor(cw / 2), 1, 0x6a6a6a);
    c.disc(x + 2, y + 2, 0, 0x555555);
  }
  for (let i = rnd.int(3, 5); i > 0; i--) {
    const x = rnd.int(6, w - 7);
    const y = rnd.int(6, h - 7);
    c.rect(x, y, 6, 2, 0xd8c49a);
    c.set(x + 1, y, 0xa0522d);
    c.set(x + 3, y, 0x1a1a1a);
    c.set(x + 4, y, 0xd4a017);
  }
  const caps = rnd.int(2, 3);
  for (let i = 0; i <= caps; i++) {
    const x = rnd.int(8, w - 9);
    const y = rnd.int(8, h - 9);
    const leaking = i === caps;
    if (leaking) c.disc(x + 1, y + 1, 5, 0x6b4a1e);
    c.disc(x, y, 3, leaking ? 0x2c3c7a : 0x23336b);
    c.rect(x + 1, y - 3, 1, 7, 0xa8b4e0);
    c.set(x, y, 0xc0c0c0);
  }
  return c;
}

const SHELLS: Rgb[] = [0x8a8a8a, 0x2b2b2b, 0xd9d9d9, 0xc43b3b, 0x3b6fc4, 0xe6c34a, 0x3aa46b];

/** A haul of cartridges standing on a wooden shelf, each label a tiny piece of art. */
export function cartridgeShelf(rnd: Random, count = rnd.int(3, 5), w = 96, h = 64): Canvas {
  const c = new Canvas(w, h);
  c.gradient(0, 0, w, h - 10, 0x3a2e2a, 0x5a463c, 3);
  c.rect(0, h - 10, w, 10, 0x8b5a2b);
  c.rect(0, h - 10, w, 1, 0xb07a44);
  for (let x = rnd.int(0, 10); x < w; x += rnd.int(10, 20)) c.rect(x, h - 7, rnd.int(4, 9), 1, 0x6e4420);
  const slot = Math.floor((w - 4) / count);
  for (let i = 0; i < count; i++) {
    const cw = Math.min(slot - 3, rnd.int(16, 22));
    const ch = rnd.int(26, 36);
    const x = 3 + i * slot + Math.floor((slot - cw) / 2);
    const y = h - 10 - ch;
    const shell = rnd.pick(SHELLS);
    c.rect(x, y, cw, ch, shell);
    c.rect(x, y, cw, 1, shade(shell, 1.3));
    c.rect(x + cw - 1, y, 1, ch, shade(shell, 0.7));
    for (let ry = y + ch - 6; ry < y + ch - 1; ry += 2) c.rect(x + 2, ry, cw - 4, 1, shade(shell, 0.75));
    const lw = cw - 4;
    const lh = Math.floor(ch * 0.5);
    const art = landscape(rnd, rnd.pick(['day', 'dusk', 'night'] as const), lw, lh);
    c.rect(x + 1, y + 3, lw + 2, lh + 2, 0xf4efe4);
    c.blit(art, x + 2, y + 4);
  }
  return c;
}

/** A chiptune tracker's oscilloscope: two pulse channels, a triangle and noise. */
export function trackerScope(rnd: Random, w = 96, h = 64): Canvas {
  const c = new Canvas(w, h, 0x0b0f14);
  for (let x = 0; x < w; x += 8) c.rect(x, 0, 1, h, 0x15202a);
  for (let y = 0; y < h; y += 16) c.rect(0, y, w, 1, 0x1f2e3a);
  const lanes: { color: Rgb; wave: (t: number) => number }[] = [
    { color: 0x5cff8a, wave: pulse(rnd.int(10, 18), 0.5) },
    { color: 0x4fd6ff, wave: pulse(rnd.int(6, 12), 0.25) },
    { color: 0xffd65c, wave: triangle(rnd.int(14, 24)) },
    { color: 0xd0d0d0, wave: () => rnd.next() * 2 - 1 },
  ];
  for (const [lane, { color, wave }] of lanes.entries()) {
    const mid = lane * 16 + 8;
    c.rect(1, lane * 16 + 2, 3, 3, color);
    let last = mid;
    for (let x = 6; x < w; x++) {
      const y = Math.round(mid - wave(x) * 5);
      c.line(x - 1, last, x, y, color);
      last = y;
    }
  }
  return c;
}

const pulse = (period: number, duty: number) => (t: number) => ((t % period) / period < duty ? 1 : -1);
const triangle = (period: number) => (t: number) => {
  const phase = (t % period) / period;
  return phase < 0.5 ? phase * 4 - 1 : 3 - phase * 4;
};

/** A wide banner: a dusk landscape, a castle on the ridge and a title in pixel letters. */
export function banner(rnd: Random, title: string, kind: 'castle' | 'level'): Canvas {
  const w = 125;
  const h = 50;
  const c = kind === 'castle' ? landscape(rnd, 'dusk', w, h) : platformer(rnd, w, h);
  if (kind === 'castle') {
    const x = rnd.int(70, 100);
    const base = h - 12;
    const wall = 0x2a1830;
    c.rect(x, base - 10, 18, 12, wall);
    c.rect(x + 3, base - 18, 5, 8, wall);
    c.rect(x + 11, base - 15, 5, 5, wall);
    for (let i = 0; i < 18; i += 3) c.rect(x + i, base - 12, 2, 2, wall);
    c.rect(x + 3, base - 20, 1, 2, wall);
    c.rect(x + 5, base - 21, 1, 3, wall);
    c.rect(x + 7, base - 20, 1, 2, wall);
    c.set(x + 5, base - 15, 0xffd36b);
    c.set(x + 13, base - 13, 0xffd36b);
    c.rect(x + 8, base - 4, 3, 6, 0x120a16);
  }
  const tw = textWidth(title);
  const tx = Math.floor((w - tw) / 2);
  c.rect(tx - 3, 4, tw + 6, 11, 0x000000);
  c.rect(tx - 2, 5, tw + 4, 9, 0x1b1530);
  drawText(c, title, tx, 7, 0xfff4d6, 0xc0395a);
  return c;
}

/** A square poster for an announcement: a checkered band, a stopwatch and a title. */
export function racePoster(rnd: Random, title: string): Canvas {
  const w = 80;
  const h = 60;
  const c = new Canvas(w, h);
  c.gradient(0, 0, w, h, 0x1a1440, 0x7a2e6e, 5);
  for (let i = 0; i < 30; i++) c.set(rnd.int(0, w - 1), rnd.int(0, 30), 0xd8d8ff);
  for (let x = 0; x < w; x += 4)
    for (let row = 0; row < 2; row++) c.rect(x, 46 + row * 4, 4, 4, (x / 4 + row) % 2 ? 0x111111 : 0xf4f4f4);
  c.disc(40, 28, 11, 0x111111);
  c.disc(40, 28, 10, 0xf4f4f4);
  c.rect(38, 14, 5, 3, 0x111111);
  c.rect(39, 12, 3, 2, 0xd83a3a);
  c.rect(40, 20, 1, 9, 0x111111);
  c.line(40, 28, 46, 25, 0xd83a3a);
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    c.set(40 + Math.round(Math.cos(a) * 8), 28 + Math.round(Math.sin(a) * 8), 0x555555);
  }
  const tw = textWidth(title);
  drawText(c, title, Math.floor((w - tw) / 2), 3, 0xfff4d6, 0x000000);
  return c;
}
