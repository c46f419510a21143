import { ROM_MATCH_MAX } from '@pixelhall/contract';

/**
 * The MD5s to send to `game/romMatch`: every file's whole hash and headerless hash (the server
 * matches either against either catalogue column), once each, in calls of at most 500.
 */
export function matchBatches(
  roms: { md5: string; headerless: string | null }[],
  size = ROM_MATCH_MAX,
): string[][] {
  const unique = new Set<string>();
  for (const rom of roms) {
    unique.add(rom.md5);
    if (rom.headerless) unique.add(rom.headerless);
  }
  const all = [...unique];
  const out: string[][] = [];
  for (let i = 0; i < all.length; i += size) out.push(all.slice(i, i + size));
  return out;
}

/** The catalogue game of a ROM: its whole-file match first, then its headerless one. */
export function gameOf<G>(
  matches: ReadonlyMap<string, G>,
  rom: { md5: string; headerless: string | null },
): G | null {
  return matches.get(rom.md5) ?? (rom.headerless ? matches.get(rom.headerless) : undefined) ?? null;
}
