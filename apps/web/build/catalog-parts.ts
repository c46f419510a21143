import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_SCREEN_GROUPS, LATER_KEYS } from '../src/i18n/first-screen-groups';

export type CatalogPart = 'first-screen' | 'rest';

const PART_IMPORT = /^(.+\.json)\?part=(first-screen|rest)$/;
/** Ends in the file's `.json`: Vite's JSON plugin makes the module from the part's JSON. */
const PART_ID = '\0pixelhall-catalog-part:';

/**
 * The groups of a catalog in `part`: the first screen's, or all the others. A first-screen
 * group's `LATER_KEYS` go to the rest, under the same group (i18next merges parts deeply).
 */
export function catalogPart(catalog: Record<string, unknown>, part: CatalogPart): Record<string, unknown> {
  const first = part === 'first-screen';
  const cut: Record<string, unknown> = {};
  for (const [group, value] of Object.entries(catalog)) {
    if (!FIRST_SCREEN_GROUPS.includes(group)) {
      if (!first) cut[group] = value;
      continue;
    }
    const keys = Object.entries(value as Record<string, unknown>).filter(
      ([key]) => LATER_KEYS.test(`${group}.${key}`) !== first,
    );
    if (keys.length > 0) cut[group] = Object.fromEntries(keys);
  }
  return cut;
}

/**
 * `import('./locales/en-US.json?part=first-screen')` and `?part=rest`: one language's app
 * catalog (or, from `@pixelhall/contract/messages/…`, its shared catalog) in two files, cut from
 * the one JSON file each language keeps, so that the first screen downloads only the strings it
 * shows.
 */
export function catalogParts(): Plugin {
  return {
    name: 'pixelhall-catalog-parts',
    // Before Vite's resolver, which would hand the file to the JSON plugin whole.
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = PART_IMPORT.exec(source);
      if (!match || !importer) return null;
      const [, file, part] = match as unknown as [string, string, CatalogPart];
      // A relative file (the app's catalogs) or a package's (the contract's shared catalogs).
      const resolved = file.startsWith('.')
        ? path.resolve(path.dirname(importer), file)
        : (await this.resolve(file, importer, { skipSelf: true }))?.id;
      return resolved ? `${PART_ID}${part}:${resolved}` : null;
    },
    load(id) {
      if (!id.startsWith(PART_ID)) return null;
      const [part, file] = id.slice(PART_ID.length).split(/:(.*)/s) as [CatalogPart, string];
      this.addWatchFile(file);
      const catalog = catalogPart(JSON.parse(readFileSync(file, 'utf8')), part);
      return JSON.stringify(catalog);
    },
  };
}
