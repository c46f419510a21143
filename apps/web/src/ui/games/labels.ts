import type { TFunction } from 'i18next';

/** The genres the catalogue uses today (seed and server): each has a translation in gamesUi.genres. */
export const KNOWN_GENRES = [
  'action',
  'adventure',
  'platformer',
  'puzzle',
  'racing',
  'rpg',
  'shooter',
  'sports',
] as const;

const known = new Set<string>(KNOWN_GENRES);

/**
 * A genre as the reader's language says it. Genres are free lowercase English words on the
 * server, so one it does not know yet shows as it is rather than as a missing key.
 */
export function genreLabel(t: TFunction, genre: string): string {
  const key = genre.trim().toLowerCase();
  return known.has(key) ? t(`gamesUi.genres.${key}`) : genre;
}
