import type { Locale } from './locale';
import enUS from './messages/en-US.json';
import esES from './messages/es-ES.json';
import jaJP from './messages/ja-JP.json';
import koKR from './messages/ko-KR.json';
import ptBR from './messages/pt-BR.json';
import ptPT from './messages/pt-PT.json';

/**
 * Messages the server and the app both show (errors, validation and user messages: docs/product/limits-and-errors.md). en-US is the
 * product's original English word for word; the other locales are translations with the same keys.
 */
export type Messages = typeof enUS;

export const MESSAGES: Record<Locale, Messages> = {
  'en-US': enUS,
  'es-ES': esES,
  'ja-JP': jaJP,
  'ko-KR': koKR,
  'pt-BR': ptBR,
  'pt-PT': ptPT,
};

type Join<K, P> = K extends string ? (P extends string ? `${K}.${P}` : never) : never;
type Leaves<T> = T extends string
  ? never
  : { [K in keyof T]: T[K] extends string ? K : Join<K, Leaves<T[K]>> }[keyof T];

/** A key of the shared catalog, e.g. `validation.email_format`. */
export type MessageKey = Leaves<Messages>;

export function isMessageKey(value: string): value is MessageKey {
  let node: unknown = enUS;
  for (const part of value.split('.')) {
    if (typeof node !== 'object' || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}
