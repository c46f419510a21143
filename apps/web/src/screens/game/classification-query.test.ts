import { describe, expect, it } from 'vitest';
import {
  classificationPath,
  emptyResultKind,
  filtersFromQuery,
  listFilters,
  queryFromFilters,
} from './classification-query';

describe('classification filters in the address', () => {
  it('reads every filter, and "all" for the ones left out', () => {
    expect(
      filtersFromQuery(new URLSearchParams('emulator=nes&genre=puzzle&platform=Game+Boy&sort=hot')),
    ).toEqual({
      emulator: 'nes',
      genre: 'puzzle',
      platform: 'Game Boy',
      sort: 'hot',
    });
    expect(filtersFromQuery(new URLSearchParams(''))).toEqual({
      emulator: null,
      genre: null,
      platform: null,
      sort: 'new',
    });
  });

  it('ignores an unknown sort, blank values and values over the server limit', () => {
    const filters = filtersFromQuery(new URLSearchParams(`sort=best&genre=%20&platform=${'x'.repeat(41)}`));
    expect(filters).toEqual({ emulator: null, genre: null, platform: null, sort: 'new' });
  });

  it('writes back what it reads, leaving out "all" and the default sort', () => {
    for (const query of ['emulator=nes&genre=puzzle&platform=Game+Boy&sort=hot', 'genre=rpg', '']) {
      expect(queryFromFilters(filtersFromQuery(new URLSearchParams(query)))).toBe(query);
    }
    expect(queryFromFilters({ emulator: null, genre: null, platform: null, sort: 'new' })).toBe('');
  });

  it('builds the screen address from some filters', () => {
    expect(classificationPath({})).toBe('/game/components/classification');
    expect(classificationPath({ emulator: 'segaMD', sort: 'name' })).toBe(
      '/game/components/classification?emulator=segaMD&sort=name',
    );
  });

  it('sends only the filters that are set', () => {
    expect(listFilters({ emulator: 'gb', genre: null, platform: null, sort: 'downloads' })).toEqual({
      emulator_type: 'gb',
      sort: 'downloads',
    });
    expect(listFilters({ emulator: null, genre: 'rpg', platform: 'NES', sort: 'new' })).toEqual({
      genre: 'rpg',
      platform: 'NES',
      sort: 'new',
    });
  });
});

describe('emptyResultKind', () => {
  const none = { emulator: null, genre: null, platform: null, sort: 'new' as const };

  it('says "Coming soon" for an emulator whose library is still empty', () => {
    expect(emptyResultKind({ ...none, emulator: 'snes' })).toBe('coming-soon');
  });

  it('says "No data here yet" when the filters found nothing', () => {
    expect(emptyResultKind({ ...none, emulator: 'snes', genre: 'racing' })).toBe('no-data');
    expect(emptyResultKind({ ...none, platform: 'NES', genre: 'sports' })).toBe('no-data');
    expect(emptyResultKind(none)).toBe('no-data');
  });
});
