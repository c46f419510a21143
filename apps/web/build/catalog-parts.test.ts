import sharedEnUS from '@pixelhall/contract/messages/en-US.json';
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

  it('cut the shared catalog the same way, keeping what the client says itself on the first screen', () => {
    const first = catalogPart(sharedEnUS, 'first-screen');
    const rest = catalogPart(sharedEnUS, 'rest');
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['errors', 'validation', 'rewards']));
    expect(Object.keys(rest)).toContain('mail');
    expect({ ...first, ...rest }).toEqual(sharedEnUS);
  });

  it('name only groups the catalogs have, and no group is in both catalogs', () => {
    expect(FIRST_SCREEN_GROUPS.filter((group) => !(group in enUS) && !(group in sharedEnUS))).toEqual([]);
    expect(Object.keys(enUS).filter((group) => group in sharedEnUS)).toEqual([]);
  });
});
