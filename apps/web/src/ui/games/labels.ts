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

type KnownGenre = (typeof KNOWN_GENRES)[number];
const isKnown = (genre: string): genre is KnownGenre => (KNOWN_GENRES as readonly string[]).includes(genre);

/**
 * A genre as the reader's language says it. Genres are free lowercase English words on the
 * server, so one it does not know yet shows as it is rather than as a missing key.
 */
export function genreLabel(t: TFunction, genre: string): string {
  const key = genre.trim().toLowerCase();
  return isKnown(key) ? t(`gamesUi.genres.${key}`) : genre;
}
