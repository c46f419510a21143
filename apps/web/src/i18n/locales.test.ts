import { LOCALE_VALUES, MESSAGES } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { appCatalogs } from './catalogs.testing';
import enUS from './locales/en-US.json';
import { type CatalogNode, flatten, parityProblems } from './parity';

const CATALOGS: Array<[name: string, byLocale: Record<string, CatalogNode>]> = [
  ['shared (contract)', MESSAGES as unknown as Record<string, CatalogNode>],
  ['app', appCatalogs() as Record<string, CatalogNode>],
];

describe('locale parity', () => {
  for (const [name, byLocale] of CATALOGS) {
    for (const locale of LOCALE_VALUES) {
      it(`${name}: ${locale} has every message of en-US`, () => {
        expect(parityProblems(byLocale['en-US']!, byLocale[locale]!, locale)).toEqual([]);
      });
    }
    for (const locale of LOCALE_VALUES.filter((l) => l !== 'en-US')) {
      it(`${name}: ${locale} is translated, not copied`, () => {
        const en = flatten(byLocale['en-US']!);
        const own = [...flatten(byLocale[locale]!)];
        const same = own.filter(
          ([key, text]) => en.get(key) === text && !/^[\d\s\p{P}A-Z]{0,4}$/u.test(text),
        );
        // Brand names and symbols may stay; sentences may not.
        expect(same.length / own.length).toBeLessThan(0.1);
      });
    }
  }

  it('fails on a catalog with a missing key, a missing plural form or a lost placeholder', () => {
    const broken: CatalogNode = JSON.parse(JSON.stringify(enUS));
    delete (broken.tabs as CatalogNode).home;
    delete (broken.time as CatalogNode).days_other;
    (broken.me as CatalogNode).level = 'Lv.';
    expect(parityProblems(enUS, broken, 'en-US')).toEqual(
      expect.arrayContaining([
        { key: 'tabs.home', problem: 'missing' },
        { key: 'time.days_other', problem: 'plural-form-missing' },
        { key: 'me.level', problem: 'placeholders' },
      ]),
    );
  });

  it('keeps the shared and app catalogs apart, so neither hides the other', () => {
    const shared = Object.keys(MESSAGES['en-US']);
    expect(Object.keys(enUS).filter((group) => shared.includes(group))).toEqual([]);
  });
});
