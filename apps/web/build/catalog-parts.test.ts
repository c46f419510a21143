import sharedEnUS from '@pixelhall/contract/messages/en-US.json';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_GROUPS } from '../src/i18n/first-screen-groups';
import enUS from '../src/i18n/locales/en-US.json';
import { catalogPart } from './catalog-parts';

/** The two parts as i18next merges them: group by group, key by key. */
function merged(first: Record<string, unknown>, rest: Record<string, unknown>): Record<string, unknown> {
  const whole: Record<string, Record<string, unknown>> = {};
  for (const part of [first, rest]) {
    for (const [group, keys] of Object.entries(part)) {
      whole[group] = { ...whole[group], ...(keys as Record<string, unknown>) };
    }
  }
  return whole;
}

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
    expect(merged(first, rest)).toEqual(enUS);
  });

  it('cut the shared catalog the same way, keeping what the client says itself on the first screen', () => {
    const first = catalogPart(sharedEnUS, 'first-screen');
    const rest = catalogPart(sharedEnUS, 'rest');
    expect(Object.keys(first)).toEqual(expect.arrayContaining(['errors', 'validation', 'rewards']));
    expect(Object.keys(rest)).toContain('mail');
    expect(merged(first, rest)).toEqual(sharedEnUS);
  });

  it("leave the account settings' answers to the rest, within their group", () => {
    const first = catalogPart(sharedEnUS, 'first-screen') as Record<string, Record<string, string>>;
    const rest = catalogPart(sharedEnUS, 'rest') as Record<string, Record<string, string>>;
    expect(first.errors?.totp_wrong).toBeUndefined();
    expect(rest.errors?.totp_wrong).toBe(sharedEnUS.errors.totp_wrong);
    expect(first.errors?.load_failed).toBe(sharedEnUS.errors.load_failed);
    expect(rest.errors?.load_failed).toBeUndefined();
  });

  it('name only groups the catalogs have, and no group is in both catalogs', () => {
    expect(FIRST_SCREEN_GROUPS.filter((group) => !(group in enUS) && !(group in sharedEnUS))).toEqual([]);
    expect(Object.keys(enUS).filter((group) => group in sharedEnUS)).toEqual([]);
  });
});
