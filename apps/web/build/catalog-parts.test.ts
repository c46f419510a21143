import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_GROUPS } from '../src/i18n/first-screen-groups';
import enUS from '../src/i18n/locales/en-US.json';
import { catalogPart } from './catalog-parts';

describe('the catalog parts', () => {
  it('cut a catalog in two with every group in exactly one part', () => {
    const first = catalogPart(enUS, 'first-screen');
    const rest = catalogPart(enUS, 'rest');
    expect(Object.keys(first).sort()).toEqual(
      Object.keys(enUS)
        .filter((group) => FIRST_SCREEN_GROUPS.includes(group))
        .sort(),
    );
    expect(Object.keys(first).some((group) => group in rest)).toBe(false);
    expect({ ...first, ...rest }).toEqual(enUS);
  });

  it('name only groups the catalogs have', () => {
    expect(FIRST_SCREEN_GROUPS.filter((group) => !(group in enUS))).toEqual([]);
  });
});
