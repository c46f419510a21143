import { DEFAULT_LOCALE, LOCALE_VALUES, type Locale } from '@pixelhall/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { CATALOGS } from './catalogs';

/** A nested message catalog; plural keys (`_one`, `_other` …) differ by language. */
export interface Catalog {
  [key: string]: string | Catalog;
}

void i18n.use(initReactI18next).init({
  initAsync: false,
  // Catalogs arrive with loadLocale; every language has every key (the parity test), so none
  // needs another language to fall back on.
  resources: {},
  lng: DEFAULT_LOCALE,
  fallbackLng: false,
  supportedLngs: [...LOCALE_VALUES],
  // React escapes what it renders; i18next must not escape a second time.
  interpolation: { escapeValue: false },
  returnNull: false,
});

const loading = new Map<string, Promise<void>>();

/** Loads once; a failed load is tried again on the next call. */
function once(key: string, load: () => Promise<void>): Promise<void> {
  let pending = loading.get(key);
  if (!pending) {
    pending = load().catch((err: unknown) => {
      loading.delete(key);
      throw err;
    });
    loading.set(key, pending);
  }
  return pending;
}

const addCatalog = (locale: Locale, catalog: Catalog) =>
  i18n.addResourceBundle(locale, 'translation', catalog, true, true);

/** The shared catalog and the app's strings of the first screen (i18n/first-screen-groups.ts). */
function loadFirstScreen(locale: Locale): Promise<void> {
  return once(`${locale} first screen`, async () => {
    const [shared, app] = await Promise.all([CATALOGS[locale].shared(), CATALOGS[locale].firstScreen()]);
    addCatalog(locale, { ...(shared.default as Catalog), ...(app.default as Catalog) });
  });
}

/** Loads a language's catalogs, whole, once; the same promise every time it is asked again. */
export function loadLocale(locale: Locale): Promise<void> {
  return once(locale, async () => {
    const [sharedRest, rest] = await Promise.all([
      CATALOGS[locale].sharedRest(),
      CATALOGS[locale].rest(),
      loadFirstScreen(locale),
    ]);
    addCatalog(locale, { ...(sharedRest.default as Catalog), ...(rest.default as Catalog) });
  });
}

const settledLoads = new Map<Locale, Promise<void>>();

/**
 * One promise per language for the app's life, for React's `use`: settled once the whole catalog
 * is here, or could not load (the keys show then, rather than nothing).
 */
export function catalogSettled(locale: Locale): Promise<void> {
  let settled = settledLoads.get(locale);
  if (!settled) {
    settled = loadLocale(locale).catch(() => {});
    settledLoads.set(locale, settled);
  }
  return settled;
}

/**
 * Shows the interface in a language, once its catalogs are here (never a half-translated page).
 * `firstScreenOnly`: Home's first screen, which shows once its own strings are here; the rest
 * is the caller's to load next.
 */
export async function showLocale(locale: Locale, { firstScreenOnly = false } = {}): Promise<void> {
  await (firstScreenOnly ? loadFirstScreen(locale) : loadLocale(locale));
  await i18n.changeLanguage(locale);
}

export default i18n;
