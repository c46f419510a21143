/**
 * Checks that a translation has every message of the reference catalog, in the plural forms its
 * language needs, with the same placeholders. Used by the locale-parity test.
 */
export interface CatalogNode {
  [key: string]: string | CatalogNode;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

export function flatten(catalog: CatalogNode, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

export interface ParityProblem {
  key: string;
  problem: 'missing' | 'extra' | 'plural-form-missing' | 'placeholders';
}

export function parityProblems(
  reference: CatalogNode,
  translation: CatalogNode,
  locale: string,
): ParityProblem[] {
  const ref = flatten(reference);
  const own = flatten(translation);
  const base = (key: string) => key.replace(PLURAL_SUFFIX, '');
  const refBases = new Set([...ref.keys()].map(base));
  const ownBases = new Set([...own.keys()].map(base));
  const problems: ParityProblem[] = [];
  for (const key of refBases) if (!ownBases.has(key)) problems.push({ key, problem: 'missing' });
  for (const key of ownBases) if (!refBases.has(key)) problems.push({ key, problem: 'extra' });

  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const pluralBases = new Set([...ref.keys()].filter((k) => PLURAL_SUFFIX.test(k)).map(base));
  for (const key of pluralBases) {
    if (!ownBases.has(key)) continue;
    for (const category of categories) {
      if (!own.has(`${key}_${category}`))
        problems.push({ key: `${key}_${category}`, problem: 'plural-form-missing' });
    }
  }

  for (const [key, text] of own) {
    const refText = ref.get(key) ?? ref.get(`${base(key)}_other`);
    if (refText !== undefined && placeholders(refText).join() !== placeholders(text).join()) {
      problems.push({ key, problem: 'placeholders' });
    }
  }
  return problems;
}
