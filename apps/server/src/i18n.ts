import { DEFAULT_LOCALE, LOCALE_VALUES, type Locale, MESSAGES, type MessageKey } from '@pixelhall/contract';
import i18next, { type TFunction } from 'i18next';

const instance = i18next.createInstance();
void instance.init({
  initAsync: false,
  resources: Object.fromEntries(LOCALE_VALUES.map((l) => [l, { translation: MESSAGES[l] }])),
  lng: DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: [...LOCALE_VALUES],
  // Answers are JSON read by clients that render text, never HTML: no escaping here.
  interpolation: { escapeValue: false },
});

export type Translate = (key: MessageKey, params?: Record<string, unknown>) => string;

const fixed = new Map<Locale, TFunction>(LOCALE_VALUES.map((l) => [l, instance.getFixedT(l)]));

export function translator(locale: Locale): Translate {
  const t = fixed.get(locale) ?? fixed.get(DEFAULT_LOCALE)!;
  return (key, params) => t(key, params ?? {}) as string;
}
