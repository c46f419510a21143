import { LOCALE_VALUES } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { appCatalogs } from './catalogs.testing';
import { type CatalogNode, flatten } from './parity';

/** The short words for "level" the catalogs use; a language picks one and sticks to it. */
const LEVEL_WORDS = ['Lv.', 'Nv.'];

describe('one word for level in each language', () => {
  const catalogs = appCatalogs() as Record<string, CatalogNode>;

  for (const locale of LOCALE_VALUES) {
    it(`${locale} writes every level badge, range and goal with its own word`, () => {
      const texts = flatten(catalogs[locale]!);
      const word = texts.get('gradeUi.lv');
      expect(LEVEL_WORDS).toContain(word);
      expect(texts.get('me.level')).toBe(`${word}{{level}}`);
      expect(texts.get('gradeUi.levelRange')?.startsWith(`${word}{{from}}`)).toBe(true);
      expect(texts.get('gradeUi.toNext')).toContain(`${word}{{level}}`);
      const others = LEVEL_WORDS.filter((w) => w !== word);
      const strays = [...texts].filter(([, text]) => others.some((w) => text.includes(w)));
      expect(strays).toEqual([]);
    });
  }
});
