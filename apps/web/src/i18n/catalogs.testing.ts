import type { Locale } from '@pixelhall/contract';
import type { Catalog } from './index';

/**
 * Every language's app catalog at once, for the tests that compare languages; the app itself
 * loads one language at a time (loadLocale).
 */
export function appCatalogs(): Record<Locale, Catalog> {
  const files = import.meta.glob<Catalog>('./locales/*.json', { eager: true, import: 'default' });
  return Object.fromEntries(
    Object.entries(files).map(([file, catalog]) => [file.replace(/^.*\/(.+)\.json$/, '$1'), catalog]),
  ) as Record<Locale, Catalog>;
}
