import { GAME_SORTS } from '@pixelhall/contract';
import type { GameListFilters } from '../../api/queries/games';
import type { GameSort } from './sections';

/**
 * The classification screen's filters live in its address, so back and reload keep them:
 * `?emulator=nes&genre=puzzle&platform=NES&sort=hot`. Absent means "all"; the default sort
 * (new) is left out so the plain address stays plain.
 */
export interface ClassificationFilters {
  emulator: string | null;
  genre: string | null;
  platform: string | null;
  sort: GameSort;
}

export const DEFAULT_SORT: GameSort = 'new';
/** The server's limit on a filter value (gameList payload). */
const FILTER_MAX = 40;

function value(query: URLSearchParams, name: string): string | null {
  const text = query.get(name)?.trim() ?? '';
  return text && text.length <= FILTER_MAX ? text : null;
}

export function filtersFromQuery(query: URLSearchParams): ClassificationFilters {
  const sort = query.get('sort');
  return {
    emulator: value(query, 'emulator'),
    genre: value(query, 'genre'),
    platform: value(query, 'platform'),
    sort: (GAME_SORTS as readonly string[]).includes(sort ?? '') ? (sort as GameSort) : DEFAULT_SORT,
  };
}

export function queryFromFilters(filters: ClassificationFilters): string {
  const query = new URLSearchParams();
  if (filters.emulator) query.set('emulator', filters.emulator);
  if (filters.genre) query.set('genre', filters.genre);
  if (filters.platform) query.set('platform', filters.platform);
  if (filters.sort !== DEFAULT_SORT) query.set('sort', filters.sort);
  return query.toString();
}

/** The gameList payload for the filters (only the ones that are set). */
export function listFilters(filters: ClassificationFilters): GameListFilters {
  return {
    sort: filters.sort,
    ...(filters.emulator ? { emulator_type: filters.emulator } : {}),
    ...(filters.genre ? { genre: filters.genre } : {}),
    ...(filters.platform ? { platform: filters.platform } : {}),
  };
}

/** The classification address for the filters. */
export function classificationPath(filters: Partial<ClassificationFilters>): string {
  const query = queryFromFilters({
    emulator: null,
    genre: null,
    platform: null,
    sort: DEFAULT_SORT,
    ...filters,
  });
  return `/game/components/classification${query ? `?${query}` : ''}`;
}

/**
 * Which empty state an empty result shows: an emulator chosen alone has no games yet ("Coming
 * soon", docs/product/games-library-and-player.md#catalogue); with a genre or platform too, the filters found nothing ("No data here yet").
 */
export function emptyResultKind(filters: ClassificationFilters): 'coming-soon' | 'no-data' {
  return filters.emulator && !filters.genre && !filters.platform ? 'coming-soon' : 'no-data';
}
