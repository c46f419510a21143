import { gameOf } from './batches';

/** The part of an imported game's record that matching reads and writes. */
export interface Matchable {
  romMd5: string;
  romMd5Headerless: string | null;
  gameId: number | null;
  gameName: string;
  matchPending?: boolean;
}

/**
 * The ROMs to ask the catalogue about in an import: those found that are new or not matched yet
 * (the catalogue grows), and every game whose import could not ask it. Games already matched are
 * not asked again.
 */
export function romsToMatch(
  found: { md5: string; headerless: string | null }[],
  records: ReadonlyMap<string, Matchable>,
): { md5: string; headerless: string | null }[] {
  const out = new Map<string, { md5: string; headerless: string | null }>();
  for (const rom of found) {
    const record = records.get(rom.md5);
    if (!record || record.gameId === null) out.set(rom.md5, rom);
  }
  for (const record of records.values())
    if (record.matchPending)
      out.set(record.romMd5, { md5: record.romMd5, headerless: record.romMd5Headerless });
  return [...out.values()];
}

/**
 * The records that change once the catalogue answered for them: a new match takes the game's id
 * and name; a game waiting to be asked no longer waits, matched or not. Matched games keep theirs.
 */
export function settleMatches<R extends Matchable, G extends { id: number; game_name: string }>(
  records: Iterable<R>,
  matches: ReadonlyMap<string, G>,
): R[] {
  const changed: R[] = [];
  for (const record of records) {
    const game =
      record.gameId === null
        ? gameOf(matches, { md5: record.romMd5, headerless: record.romMd5Headerless })
        : null;
    if (game) changed.push({ ...record, gameId: game.id, gameName: game.game_name, matchPending: false });
    else if (record.matchPending) changed.push({ ...record, matchPending: false });
  }
  return changed;
}
