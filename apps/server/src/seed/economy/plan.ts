/**
 * The demo world's economy as data: what each demo member holds, has claimed and has spent, the
 * paid posts they bought, the props in their bags and the bet events of the last fortnight.
 * index.ts turns it into ledger operations dated in the past, oldest first.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface MemberEconomy {
  /**
   * Balances once the seeded history has happened. The opening grant, at the economy's launch,
   * is whatever makes the history come out here; a history that spends more than this plus
   * what it earns is a mistake in this plan and fails the seed.
   */
  gold: number;
  diamonds: number;
  /** Level rewards claimed, from level 2 up to this one; the member's later levels stay claimable. */
  claimedUpTo: number;
  /** Daily check-ins in a row, ending yesterday (today's is left for the app's start-up). */
  streak: number;
  /** How far the member's experience is into the current level, as a share of the way to the next. */
  progress: number;
  /** Newbie tasks done but deliberately left unclaimed, so the tasks screen has something to claim. */
  unclaimedNewbie?: string[];
}

/**
 * Everyone of the demo world. bitbruno is short of gold on purpose: the paid price guide (30)
 * answers "Not enough coins", and his claimable level reward and newbie task are the way out.
 */
export const MEMBER_ECONOMY: Record<string, MemberEconomy> = {
  pixelpat: { gold: 4_860, diamonds: 35, claimedUpTo: 28, streak: 12, progress: 0.62 },
  chipmaru: { gold: 2_940, diamonds: 14, claimedUpTo: 21, streak: 5, progress: 0.35 },
  retrorosa: { gold: 415, diamonds: 9, claimedUpTo: 7, streak: 3, progress: 0.8 },
  bitbruno: {
    gold: 26,
    diamonds: 0,
    claimedUpTo: 1,
    streak: 2,
    progress: 0.45,
    unclaimedNewbie: ['newbie_avatar', 'newbie_first_post', 'newbie_follow'],
  },
  neonnina: { gold: 11_250, diamonds: 88, claimedUpTo: 45, streak: 21, progress: 0.18 },
  cartridgecarl: { gold: 4_520, diamonds: 26, claimedUpTo: 29, streak: 8, progress: 0.05 },
  famifumi: { gold: 2_610, diamonds: 18, claimedUpTo: 21, streak: 4, progress: 0.52 },
  glitchgwen: { gold: 1_060, diamonds: 8, claimedUpTo: 12, streak: 6, progress: 0.27 },
  spritesam: { gold: 410, diamonds: 6, claimedUpTo: 6, streak: 0, progress: 0.71 },
  modchipmo: { gold: 320, diamonds: 5, claimedUpTo: 5, streak: 1, progress: 0.4 },
  joypadjae: { gold: 230, diamonds: 5, claimedUpTo: 2, streak: 3, progress: 0.9 },
  newbienoor: {
    gold: 80,
    diamonds: 0,
    claimedUpTo: 1,
    streak: 3,
    progress: 0.6,
    unclaimedNewbie: ['newbie_avatar', 'newbie_first_post'],
  },
};

/**
 * Who bought which paid post. Everyone who commented on one has bought it (bitbruno's
 * "Unlocked it", retrorosa's "Worth every coin"); some likers and a couple of readers too.
 */
export const UNLOCKS: Array<{ by: string; postBy: string; price: number }> = [
  { by: 'cartridgecarl', postBy: 'pixelpat', price: 50 },
  { by: 'retrorosa', postBy: 'pixelpat', price: 50 },
  { by: 'bitbruno', postBy: 'pixelpat', price: 50 },
  { by: 'chipmaru', postBy: 'pixelpat', price: 50 },
  { by: 'neonnina', postBy: 'pixelpat', price: 50 },
  { by: 'pixelpat', postBy: 'cartridgecarl', price: 30 },
  { by: 'retrorosa', postBy: 'cartridgecarl', price: 30 },
  { by: 'glitchgwen', postBy: 'cartridgecarl', price: 30 },
  { by: 'famifumi', postBy: 'cartridgecarl', price: 30 },
];

/** Props bought, by prop code; `daysAgo` dates the purchase (and so the lot's expiry). */
export const PURCHASES: Array<{ by: string; prop: string; num: number; daysAgo: number }> = [
  { by: 'retrorosa', prop: 'color_gold', num: 1, daysAgo: 28.3 },
  { by: 'famifumi', prop: 'color_gold', num: 1, daysAgo: 19.6 },
  { by: 'chipmaru', prop: 'exp_card', num: 2, daysAgo: 12.2 },
  { by: 'pixelpat', prop: 'color_gold', num: 1, daysAgo: 9.4 },
  { by: 'cartridgecarl', prop: 'pin_24h', num: 2, daysAgo: 8.1 },
  { by: 'neonnina', prop: 'style_prism', num: 3, daysAgo: 5.3 },
  { by: 'pixelpat', prop: 'pin_24h', num: 1, daysAgo: 2.8 },
];

export interface BetEventPlan {
  title: string;
  description: string;
  /** Relative to the seeding clock: negative is the past. */
  closeIn: number;
  startIn: number;
  /** Settled this long after the start, with this side winning; unsettled when absent. */
  settled?: { after: number; winner: string };
  options: Array<{ label: string; oddsX100: number }>;
  /** Stakes, placed this long before betting closed. */
  bets: Array<{ by: string; on: string; amount: number; before: number }>;
}

/** Level 30 and up may bet: pixelpat (31), cartridgecarl (30) and neonnina (45). */
export const BET_EVENTS: BetEventPlan[] = [
  {
    title: 'Mega Man 2 buster-only race: Pixel Pat vs Fami Fumi',
    description:
      'Normal difficulty, no weapons but the Mega Buster, best of one. Streamed from the Race night topic.',
    closeIn: -11 * DAY,
    startIn: -11 * DAY + HOUR,
    settled: { after: 2 * HOUR, winner: 'Fami Fumi' },
    options: [
      { label: 'Pixel Pat', oddsX100: 185 },
      { label: 'Fami Fumi', oddsX100: 210 },
    ],
    bets: [
      { by: 'pixelpat', on: 'Pixel Pat', amount: 80, before: 20 * HOUR },
      { by: 'cartridgecarl', on: 'Pixel Pat', amount: 60, before: 9 * HOUR },
      { by: 'neonnina', on: 'Fami Fumi', amount: 120, before: 3 * HOUR },
    ],
  },
  {
    title: 'Tetris classic showdown: Neon Nina vs Cartridge Carl',
    description: 'NES Tetris, level 18 start, three games. The higher total score takes it.',
    closeIn: -6 * DAY,
    startIn: -6 * DAY + HOUR,
    settled: { after: 3 * HOUR, winner: 'Neon Nina' },
    options: [
      { label: 'Neon Nina', oddsX100: 160 },
      { label: 'Cartridge Carl', oddsX100: 240 },
    ],
    bets: [
      { by: 'pixelpat', on: 'Neon Nina', amount: 100, before: 30 * HOUR },
      { by: 'cartridgecarl', on: 'Cartridge Carl', amount: 200, before: 12 * HOUR },
      { by: 'neonnina', on: 'Neon Nina', amount: 150, before: 2 * HOUR },
    ],
  },
  {
    title: 'Retro Cup semi-final: Team Famicom vs Team Mega Drive',
    description:
      'Five games picked by the audience, one point each. A draw if it ends level after the fifth game.',
    closeIn: -2 * HOUR,
    startIn: -HOUR,
    options: [
      { label: 'Team Famicom', oddsX100: 195 },
      { label: 'Draw', oddsX100: 340 },
      { label: 'Team Mega Drive', oddsX100: 205 },
    ],
    bets: [
      { by: 'pixelpat', on: 'Team Famicom', amount: 100, before: 20 * HOUR },
      { by: 'cartridgecarl', on: 'Team Mega Drive', amount: 150, before: 8 * HOUR },
      { by: 'neonnina', on: 'Draw', amount: 50, before: 4 * HOUR },
    ],
  },
  {
    title: 'Race night final: Sonic 1 any%',
    description:
      'The two fastest from the heats race the final live. Betting closes when the runners are on the start line.',
    closeIn: 2 * DAY,
    startIn: 2 * DAY + 30 * 60_000,
    options: [
      { label: 'Bit Bruno', oddsX100: 185 },
      { label: 'Glitch Gwen', oddsX100: 210 },
    ],
    bets: [
      { by: 'neonnina', on: 'Glitch Gwen', amount: 120, before: 2 * DAY + 6 * HOUR },
      { by: 'pixelpat', on: 'Bit Bruno', amount: 60, before: 2 * DAY + 2 * HOUR },
    ],
  },
];
