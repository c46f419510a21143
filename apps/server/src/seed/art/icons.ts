import { Canvas, mix, type Rgb, shade } from './canvas';

/**
 * Hand-drawn 12×12 glyphs for topic and category icons. Legend: X outline, a main colour,
 * b light, c accent; r g y u are the fixed red, green, yellow and blue of button art.
 */
const GLYPHS = {
  bubble: [
    '.XXXXXXXXXX.',
    'XbbbbbbbbbbX',
    'XbbbbbbbbbbX',
    'XbbbbbbbbbbX',
    'XbXXbXXbXXbX',
    'XbXXbXXbXXbX',
    'XbbbbbbbbbbX',
    'XbbbbbbbbbbX',
    '.XXXbbXXXXX.',
    '...XbX......',
    '...XX.......',
    '............',
  ],
  heart: [
    '............',
    '..XX....XX..',
    '.XbaX..XaaX.',
    'XbbaaXXaaaaX',
    'XbaaaaaaaaaX',
    'XaaaaaaaaaaX',
    '.XaaaaaaaaX.',
    '..XaaaaaaX..',
    '...XaaaaX...',
    '....XaaX....',
    '.....XX.....',
    '............',
  ],
  adult: [
    '...XXXXXX...',
    '.XXaaaaaaXX.',
    '.XaaaaaaaaX.',
    'XaabaabbbaaX',
    'XabbaababaaX',
    'XaabaabbbaaX',
    'XaabaababaaX',
    'XaabaababaaX',
    'XabbbabbbaaX',
    '.XaaaaaaaaX.',
    '.XXaaaaaaXX.',
    '...XXXXXX...',
  ],
  pad: [
    '............',
    '............',
    '.XXXXXXXXXX.',
    'XbbbbbbbbbbX',
    'XbXbbbbbbbbX',
    'XXXXbbbbcbcX',
    'XbXbbXXbbbbX',
    'XbbbbbbbbbbX',
    '.XXXXXXXXXX.',
    '............',
    '............',
    '............',
  ],
  superpad: [
    '............',
    '............',
    '.XXXXXXXXXX.',
    'XbbbbbbbbgbX',
    'XbXbbbbbubrX',
    'XXXXbbbbbybX',
    'XbXbbXXbbbbX',
    '.XbbbXXbbbX.',
    '..XXX..XXX..',
    '............',
    '............',
    '............',
  ],
  handheld: [
    '..XXXXXXXX..',
    '..XbbbbbbX..',
    '..XbXXXXbX..',
    '..XbXccXbX..',
    '..XbXccXbX..',
    '..XbXXXXbX..',
    '..XbbbbbbX..',
    '..XbXbbbbX..',
    '..XXXXbaaX..',
    '..XbXbbbbX..',
    '..XbbbbbbX..',
    '..XXXXXXXX..',
  ],
  cartridge: [
    '.XXXXXXXXXX.',
    'XaaaaaaaaaaX',
    'XaXXXXXXXXaX',
    'XaXccccccXaX',
    'XaXcbbbbcXaX',
    'XaXccccccXaX',
    'XaXXXXXXXXaX',
    'XaaaaaaaaaaX',
    'XaaaaaaaaaaX',
    'XaXaXaXaXaaX',
    'XaaaaaaaaaaX',
    '.XXXXXXXXXX.',
  ],
  floppy: [
    'XXXXXXXXXXX.',
    'XaabbbbbaaaX',
    'XaabXXbbaaaX',
    'XaabXXbbaaaX',
    'XaabbbbbaaaX',
    'XaaaaaaaaaaX',
    'XaccccccccaX',
    'XacbbbbbbcaX',
    'XacbbbbbbcaX',
    'XacbbbbbbcaX',
    'XacbbbbbbcaX',
    'XXXXXXXXXXXX',
  ],
  note: [
    '....XXXXXXXX',
    '....XaaaaaaX',
    '....XaaaaaaX',
    '....XaXXXXaX',
    '....XaX..XaX',
    '....XaX..XaX',
    '..XXXaX.XXaX',
    '.XbaaaXXbaaX',
    '.XaaaaXXaaaX',
    '..XXXX..XXX.',
    '............',
    '............',
  ],
  palette: [
    '...XXXXXX...',
    '.XXbbbbbbXX.',
    'XbbrrbbyybbX',
    'XbbrrbbyybbX',
    'XbbbbbbbbbbX',
    'XuubbbbbbggX',
    'XuubbXXbbggX',
    'XbbbX..XbbbX',
    'XbbbbXXbbbbX',
    '.XbbbbbbbbX.',
    '..XXbbbbXX..',
    '....XXXX....',
  ],
  stopwatch: [
    '....XXXX....',
    '.....XX.....',
    '...XXXXXX...',
    '..XbbbbbbX..',
    '.XbbbbXbbbX.',
    '.XbbbbXbbbX.',
    '.XbbbbXXXbX.',
    '.XbbbbbbbbX.',
    '.XbbbbbbbbX.',
    '..XbbbbbbX..',
    '...XXXXXX...',
    '............',
  ],
  bug: [
    '...X....X...',
    '....X..X....',
    '...XXXXXX...',
    'X.XaaaaaaX.X',
    '.XaabaabaaX.',
    '..XaaaaaaX..',
    'XXXaacaaaXXX',
    '..XacaacaX..',
    '.XaaacaaaaX.',
    'X.XaaaaaaX.X',
    '...XXXXXX...',
    '............',
  ],
  flag: [
    'XXXXXXXXXXX.',
    'XbbXXbbXXbbX',
    'XbbXXbbXXbbX',
    'XXXbbXXbbXXX',
    'XXXbbXXbbXXX',
    'XbbXXbbXXbbX',
    'XbbXXbbXXbbX',
    'XXXXXXXXXXX.',
    'Xa..........',
    'Xa..........',
    'Xa..........',
    'XX..........',
  ],
  coin: [
    '...XXXXXX...',
    '.XXaaaaaaXX.',
    '.XabbaaaacX.',
    'XabaaXXaaacX',
    'XabaXbbXaacX',
    'XaaaXbbXaacX',
    'XaaaXbbXaacX',
    'XaaaXbbXaacX',
    'XaaaaXXaaacX',
    '.XaaaaaaacX.',
    '.XXccccccXX.',
    '...XXXXXX...',
  ],
  wrench: [
    '..XX....XX..',
    '.XbX....XbX.',
    '.XbXX..XXbX.',
    '.XbbbXXbbbX.',
    '..XbbbbbbX..',
    '...XbbbbX...',
    '....XbbX....',
    '....XbbX....',
    '....XbbX....',
    '....XbbX....',
    '....XbbX....',
    '.....XX.....',
  ],
} as const satisfies Record<string, readonly string[]>;

export type Glyph = keyof typeof GLYPHS;

for (const [name, rows] of Object.entries(GLYPHS))
  if (rows.length !== 12 || rows.some((r) => r.length !== 12))
    throw new Error(`icon glyph ${name} is not 12×12`);

export interface IconColors {
  /** The tile's gradient, top and bottom. */
  tile: [Rgb, Rgb];
  a: Rgb;
  b: Rgb;
  c: Rgb;
}

/** A 16×16 rounded tile with a glyph on it. */
export function icon(glyph: Glyph, colors: IconColors): Canvas {
  const c = new Canvas(16, 16);
  c.gradient(0, 0, 16, 16, colors.tile[0], colors.tile[1], 3);
  for (const [x, y] of [
    [0, 0],
    [15, 0],
    [0, 15],
    [15, 15],
  ] as const)
    c.data[(y * 16 + x) * 4 + 3] = 0;
  const legend: Record<string, Rgb> = {
    X: mix(shade(colors.tile[1], 0.35), 0x000000, 0.4),
    a: colors.a,
    b: colors.b,
    c: colors.c,
    r: 0xd83a3a,
    g: 0x3aa46b,
    y: 0xf2c53d,
    u: 0x3a6fd8,
  };
  for (const [y, row] of GLYPHS[glyph].entries())
    for (let x = 0; x < 12; x++) {
      const color = legend[row[x]!];
      if (color !== undefined) c.set(x + 2, y + 2, color);
    }
  return c;
}
