/** Interface languages; en-US is the default and has id 0 (docs/product/i18n.md#languages). */
export const LOCALES = [
  { id: 0, value: 'en-US', text: 'English' },
  { id: 1, value: 'es-ES', text: 'Español' },
  { id: 2, value: 'ja-JP', text: '日本語' },
  { id: 3, value: 'ko-KR', text: '한국어' },
  { id: 4, value: 'pt-BR', text: 'Português (Brasil)' },
  { id: 5, value: 'pt-PT', text: 'Português (Portugal)' },
] as const;

export type Locale = (typeof LOCALES)[number]['value'];
export interface LocaleOption {
  id: number;
  value: Locale;
  text: string;
}

export const DEFAULT_LOCALE: Locale = 'en-US';
export const LOCALE_VALUES: readonly Locale[] = LOCALES.map((l) => l.value);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALE_VALUES as readonly string[]).includes(value);
}

export function localeOption(value: Locale): LocaleOption {
  return LOCALES.find((l) => l.value === value) ?? LOCALES[0];
}

/**
 * Picks the best supported locale for an Accept-Language header: exact tags first, then the
 * first supported locale of the same language (so `pt` and `pt-AO` read Brazilian Portuguese
 * unless `pt-PT` is asked for), in the header's quality order.
 */
export function negotiateLocale(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.tag && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranges) {
    const exact = LOCALE_VALUES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const language = tag.split('-')[0];
    const sameLanguage = LOCALE_VALUES.find((l) => l.toLowerCase().split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return DEFAULT_LOCALE;
}
