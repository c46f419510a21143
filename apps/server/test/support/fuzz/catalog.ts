import { LOCALE_VALUES, type Locale, MESSAGES } from '@pixelhall/contract';

interface Template {
  key: string;
  pattern: RegExp;
}

function leaves(node: unknown, prefix: string): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    leaves(v, prefix ? `${prefix}.${k}` : k),
  );
}

/** A catalog message as a pattern: its placeholders match whatever the server filled in. */
function patternOf(message: string): RegExp {
  const parts = message.split(/\{\{[^}]+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('[\\s\\S]*')}$`);
}

const TEMPLATES = new Map<Locale, Template[]>(
  LOCALE_VALUES.map((locale) => [
    locale,
    leaves(MESSAGES[locale], '')
      // A message that is nothing but a placeholder would match any text, proving nothing.
      .filter(([, message]) => message.replace(/\{\{[^}]+\}\}/g, '').trim() !== '')
      .map(([key, message]) => ({ key, pattern: patternOf(message) })),
  ]),
);

/** The catalog keys whose message in `locale` reads as `msg`; empty when it is none of them. */
export function keysOf(locale: Locale, msg: string): string[] {
  return TEMPLATES.get(locale)!
    .filter((t) => t.pattern.test(msg))
    .map((t) => t.key);
}
