/**
 * The NES carts' sprites: 16×16 pictures cut into four 8×8 tiles (top left, top right, bottom
 * left, bottom right) in the sprite pattern table at CHR $1000. A digit is a colour of the
 * sprite's palette, a dot is transparent.
 */

/** One 8×8 two-plane tile from a function of (x, y) → colour 0–3. */
export function tile(pixel: (x: number, y: number) => number): number[] {
  const planes = new Array<number>(16).fill(0);
  for (let y = 0; y < 8; y += 1)
    for (let x = 0; x < 8; x += 1) {
      const c = pixel(x, y);
      if (c & 1) planes[y]! |= 0x80 >> x;
      if (c & 2) planes[y + 8]! |= 0x80 >> x;
    }
  return planes;
}

/** The toys' hero: a round little fellow with big eyes, bright on a dark outline. */
const HERO = [
  '.....111111.....',
  '...1133333311...',
  '..133333333331..',
  '.13311333113331.',
  '.13312133121331.',
  '1333121331213331',
  '1333111331113331',
  '1333333333333331',
  '1332333333332331',
  '1333222222223331',
  '.13332222223331.',
  '.13333333333331.',
  '..133333333331..',
  '...1133333311...',
  '...111.....111..',
  '..1111.....1111.',
];

/** Your car in the race, from above, facing up the road. */
const CAR = [
  '.....111111.....',
  '....13333331....',
  '.11.13333331.11.',
  '.11113222231111.',
  '.11113222231111.',
  '....13222231....',
  '....13333331....',
  '....13333331....',
  '....13333331....',
  '....13333331....',
  '.11113222231111.',
  '.11113222231111.',
  '.11.13333331.11.',
  '....13333331....',
  '.....111111.....',
  '................',
];

export const HERO_TILE = 0;
export const CAR_TILE = 4;
/** The oncoming cars: your car turned to face down the road. */
export const ONCOMING_TILE = 8;

/** The four tiles of a 16×16 picture. */
function quarters(art: string[]): number[] {
  const at = (x: number, y: number) => Number.parseInt(art[y]![x]!, 10) || 0;
  return [
    [0, 0],
    [8, 0],
    [0, 8],
    [8, 8],
  ].flatMap(([ox, oy]) => tile((x, y) => at(ox! + x, oy! + y)));
}

/** Pattern table 1 (4 KiB): the hero, your car and the oncoming car. */
export function spriteTable(): Buffer {
  const table = Buffer.alloc(0x1000);
  const put = (index: number, art: string[]) => Buffer.from(quarters(art)).copy(table, index * 16);
  put(HERO_TILE, HERO);
  put(CAR_TILE, CAR);
  put(ONCOMING_TILE, [...CAR].reverse());
  return table;
}
