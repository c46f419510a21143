import type { MemberSpec } from './types';

/** Looks for the members the demo-members seeder created; they keep their own rows. */
export const EXISTING_LOOKS: Record<string, MemberSpec['look']> = {
  pixelpat: { hair: 'cap', accessory: 'none' },
  chipmaru: { hair: 'short', accessory: 'headphones' },
  retrorosa: { hair: 'bun', accessory: 'blush' },
  bitbruno: { hair: 'spiky', accessory: 'none' },
};

/** The rest of the regulars, from brand new to old guard. */
export const MEMBERS: MemberSpec[] = [
  {
    username: 'neonnina',
    nickname: 'Neon Nina',
    signature: 'Arcade cabinet restorer. CRTs are heavy, friendships are heavier.',
    level: 45,
    look: { hair: 'long', accessory: 'glasses' },
    joinedDaysAgo: 410,
  },
  {
    username: 'cartridgecarl',
    nickname: 'Cartridge Carl',
    signature: 'Flea markets, boot sales, a soldering iron and too many shelves.',
    level: 30,
    look: { hair: 'short', accessory: 'none' },
    joinedDaysAgo: 350,
  },
  {
    username: 'famifumi',
    nickname: 'Fami Fumi',
    signature: 'Famicom imports and translation patches. Writing from Osaka.',
    level: 21,
    look: { hair: 'bun', accessory: 'none' },
    joinedDaysAgo: 290,
  },
  {
    username: 'glitchgwen',
    nickname: 'Glitch Gwen',
    signature: 'If it clips, I will find it.',
    level: 12,
    look: { hair: 'spiky', accessory: 'glasses' },
    joinedDaysAgo: 200,
  },
  {
    username: 'spritesam',
    nickname: 'Sprite Sam',
    signature: 'Drawing 16×16 heroes on my lunch break.',
    level: 8,
    look: { hair: 'long', accessory: 'blush' },
    joinedDaysAgo: 150,
  },
  {
    username: 'modchipmo',
    nickname: 'Modchip Mo',
    signature: 'RGB mods, region switches, capacitor swaps. Ask before you solder.',
    level: 5,
    look: { hair: 'cap', accessory: 'none' },
    joinedDaysAgo: 95,
  },
  {
    username: 'joypadjae',
    nickname: 'Joypad Jae',
    signature: "Got my first Game Boy back from my parents' attic.",
    level: 3,
    look: { hair: 'short', accessory: 'blush' },
    joinedDaysAgo: 40,
  },
  {
    username: 'newbienoor',
    nickname: 'Noor',
    signature: 'New here! Mostly Tetris so far.',
    level: 1,
    look: { hair: 'long', accessory: 'none' },
    joinedDaysAgo: 4,
  },
];

/** Who follows whom: [follower, followees]. Pairs listed both ways are mutual follows. */
export const FOLLOWS: [string, string[]][] = [
  ['pixelpat', ['neonnina', 'chipmaru', 'glitchgwen', 'famifumi']],
  ['chipmaru', ['pixelpat', 'famifumi', 'spritesam', 'neonnina']],
  ['retrorosa', ['cartridgecarl', 'famifumi', 'neonnina', 'pixelpat']],
  ['bitbruno', ['glitchgwen', 'pixelpat', 'neonnina']],
  ['neonnina', ['pixelpat', 'cartridgecarl', 'chipmaru']],
  ['cartridgecarl', ['retrorosa', 'neonnina', 'modchipmo']],
  ['famifumi', ['chipmaru', 'retrorosa', 'spritesam']],
  ['glitchgwen', ['bitbruno', 'pixelpat']],
  ['spritesam', ['chipmaru', 'famifumi', 'neonnina', 'pixelpat']],
  ['modchipmo', ['cartridgecarl', 'neonnina']],
  ['joypadjae', ['pixelpat', 'cartridgecarl', 'modchipmo', 'chipmaru', 'neonnina']],
  ['newbienoor', ['neonnina', 'joypadjae']],
];

/** Topics each member follows, by topic key. */
export const TOPIC_FOLLOWS: Record<string, string[]> = {
  pixelpat: ['lounge', 'routes', 'glitches', 'nes', 'snes', 'mature'],
  chipmaru: ['chiptune', 'releases', 'nes', 'megadrive'],
  retrorosa: ['trade', 'memories', 'gameboy', 'nes'],
  bitbruno: ['routes', 'racenight', 'megadrive'],
  neonnina: ['lounge', 'repairs', 'pixelart', 'racenight', 'mature'],
  cartridgecarl: ['trade', 'repairs', 'megadrive', 'mature'],
  famifumi: ['nes', 'snes', 'releases', 'memories'],
  glitchgwen: ['glitches', 'routes', 'racenight'],
  spritesam: ['pixelart', 'releases', 'chiptune', 'gameboy'],
  modchipmo: ['repairs', 'megadrive', 'trade'],
  joypadjae: ['gameboy', 'lounge', 'repairs', 'snes'],
  newbienoor: ['lounge', 'gameboy'],
};
