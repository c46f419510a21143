import type { Random } from '../random';
import { Canvas, type Rgb, shade } from './canvas';

export type Hair = 'short' | 'long' | 'spiky' | 'bun' | 'cap';
export type Accessory = 'none' | 'glasses' | 'headphones' | 'blush';

export interface AvatarLook {
  hair?: Hair;
  accessory?: Accessory;
}

const SKINS: Rgb[] = [0xf6d2b0, 0xe8b48a, 0xc68a5e, 0x9a6440, 0x6e4429];
const HAIR_COLORS: Rgb[] = [0x2a1a10, 0x5a3418, 0xa0622a, 0xe0b050, 0xd04a3a, 0x3a3a8a, 0x8a4ab0, 0xe8e8e8];
const BACKGROUNDS: Rgb[] = [0x3a4a8a, 0x2a7a6a, 0x8a3a5a, 0x6a4a9a, 0x2a6a9a, 0x9a6a2a, 0x3a7a3a];
const SHIRTS: Rgb[] = [0xd83a3a, 0x3a8ad8, 0xf2a541, 0x6cc76b, 0xe070b8, 0x2b2b2b, 0xf4f4f4];

/**
 * A 16×16 portrait: background, shirt, face and hair, symmetric, with an optional accessory.
 * Unspecified traits come from `rnd`, so each member gets a look of their own.
 */
export function avatar(rnd: Random, look: AvatarLook = {}): Canvas {
  const bg = rnd.pick(BACKGROUNDS);
  const c = new Canvas(16, 16, bg);
  for (let y = 0; y < 16; y += 2)
    for (let x = y % 4 === 0 ? 0 : 1; x < 16; x += 2) c.set(x, y, shade(bg, 1.08));
  const skin = rnd.pick(SKINS);
  const hairColor = rnd.pick(HAIR_COLORS);
  const shirt = rnd.pick(SHIRTS);
  const hair = look.hair ?? rnd.pick(['short', 'long', 'spiky', 'bun', 'cap'] as const);
  const accessory = look.accessory ?? rnd.pick(['none', 'glasses', 'blush', 'none'] as const);
  const mirror = (x: number, y: number, color: Rgb) => {
    c.set(x, y, color);
    c.set(15 - x, y, color);
  };

  if (hair === 'long') c.rect(3, 4, 10, 10, shade(hairColor, 0.85));
  c.rect(2, 13, 12, 3, shirt);
  c.rect(2, 13, 12, 1, shade(shirt, 1.25));
  c.rect(6, 11, 4, 2, shade(skin, 0.85));
  c.rect(4, 4, 8, 8, skin);
  c.rect(5, 12, 6, 1, skin);
  mirror(4, 4, bg);
  mirror(4, 11, hair === 'long' ? shade(hairColor, 0.85) : bg);
  mirror(3, 7, skin);

  switch (hair) {
    case 'short':
      c.rect(4, 3, 8, 2, hairColor);
      mirror(4, 5, hairColor);
      break;
    case 'long':
      c.rect(4, 2, 8, 3, hairColor);
      mirror(3, 4, hairColor);
      mirror(4, 5, hairColor);
      break;
    case 'spiky':
      c.rect(4, 3, 8, 2, hairColor);
      for (const x of [4, 6, 8, 10]) c.set(x, 2, hairColor);
      mirror(4, 5, hairColor);
      break;
    case 'bun':
      c.rect(4, 3, 8, 2, hairColor);
      c.rect(6, 0, 4, 3, hairColor);
      c.rect(7, 1, 1, 1, shade(hairColor, 1.4));
      break;
    case 'cap': {
      const cap = rnd.pick(SHIRTS.filter((s) => s !== shirt));
      c.rect(4, 2, 8, 3, cap);
      c.rect(4, 4, 11, 1, shade(cap, 0.75));
      c.rect(7, 3, 2, 1, 0xffffff);
      break;
    }
  }

  mirror(6, 7, 0x1a1a1a);
  mirror(6, 6, shade(skin, 0.75));
  c.rect(7, 9, 2, 1, 0x9a3a3a);
  if (accessory === 'glasses') {
    const frame = 0x3a3a4a;
    for (const x of [5, 9]) {
      c.rect(x, 6, 2, 1, frame);
      c.rect(x, 8, 2, 1, frame);
    }
    mirror(4, 7, frame);
    mirror(5, 7, 0xcfe6ff);
    c.rect(7, 7, 2, 1, frame);
  }
  if (accessory === 'blush') mirror(5, 9, 0xf08a8a);
  if (accessory === 'headphones') {
    c.rect(4, 2, 8, 1, 0x2b2b2b);
    mirror(3, 3, 0x2b2b2b);
    mirror(2, 6, 0xd83a3a);
    mirror(2, 7, 0xd83a3a);
    mirror(3, 6, 0x2b2b2b);
    mirror(3, 7, 0x2b2b2b);
    mirror(2, 5, 0x2b2b2b);
  }
  return c;
}
