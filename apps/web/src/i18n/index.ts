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

const loading = new Map<Locale, Promise<void>>();

/** Loads a language's catalogs once; a failed load is tried again on the next call. */
export function loadLocale(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = Promise.all(CATALOGS[locale].map((load) => load())).then(
      ([shared, app]) => {
        i18n.addResourceBundle(locale, 'translation', {
          ...(shared!.default as Catalog),
          ...(app!.default as Catalog),
        });
      },
      (err: unknown) => {
        loading.delete(locale);
        throw err;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}

/** Shows the interface in a language, once its catalogs are here (never a half-translated page). */
export async function showLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
