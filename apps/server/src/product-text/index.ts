import type { Locale } from '@pixelhall/contract';
import { esES } from './es-ES';
import { jaJP } from './ja-JP';
import { koKR } from './ko-KR';
import { ptBR } from './pt-BR';
import { ptPT } from './pt-PT';

/** A text the product wrote, in the reader's language. */
export type ProductText = (written: string) => string;

/**
 * The product's own texts in the database (topic categories, home banners and the popup, bet
 * events and their options, game topics), by their English as written. A text found here is
 * served in the reader's language; any other (one an operator writes later, in whatever
 * language) is served as written, and so is every text in English, the language it is written
 * in. Member-written content never comes through here.
 */
export const PRODUCT_TEXT_CATALOGS: Readonly<
  Record<Exclude<Locale, 'en-US'>, Readonly<Record<string, string>>>
> = {
  'es-ES': esES,
  'ja-JP': jaJP,
  'ko-KR': koKR,
  'pt-BR': ptBR,
  'pt-PT': ptPT,
};

const lookups = new Map<Locale, ReadonlyMap<string, string>>(
  Object.entries(PRODUCT_TEXT_CATALOGS).map(([locale, catalog]) => [
    locale as Locale,
    new Map(Object.entries(catalog)),
  ]),
);

/** Every text as written: for operators, who read what they wrote. */
export const asWritten: ProductText = (written) => written;

export function productText(locale: Locale): ProductText {
  const lookup = lookups.get(locale);
  return lookup ? (written) => lookup.get(written) ?? written : asWritten;
}
