import { DEFAULT_LOCALE, LOCALE_VALUES, type Locale, MESSAGES } from '@pixelhall/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './locales/en-US.json';
import esES from './locales/es-ES.json';
import jaJP from './locales/ja-JP.json';
import koKR from './locales/ko-KR.json';
import ptBR from './locales/pt-BR.json';
import ptPT from './locales/pt-PT.json';

/** A nested message catalog; plural keys (`_one`, `_other` …) differ by language. */
export interface Catalog {
  [key: string]: string | Catalog;
}

/** The app's own strings; the shared catalog (errors, validation …) comes from the contract. */
export const APP_MESSAGES: Record<Locale, Catalog> = {
  'en-US': enUS,
  'es-ES': esES,
  'ja-JP': jaJP,
  'ko-KR': koKR,
  'pt-BR': ptBR,
  'pt-PT': ptPT,
};

export function resourcesFor(locale: Locale) {
  return { ...MESSAGES[locale], ...APP_MESSAGES[locale] };
}

void i18n.use(initReactI18next).init({
  initAsync: false,
  resources: Object.fromEntries(LOCALE_VALUES.map((l) => [l, { translation: resourcesFor(l) }])),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALE_VALUES],
  // React escapes what it renders; i18next must not escape a second time.
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
