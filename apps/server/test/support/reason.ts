import { MESSAGES, type MessageKey } from '@pixelhall/contract';

function* keysAndTexts(node: object, prefix = ''): Generator<[MessageKey, string]> {
  for (const [name, value] of Object.entries(node)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (typeof value === 'string') yield [key as MessageKey, value];
    else yield* keysAndTexts(value as object, key);
  }
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The key of the one en-US message that reads `msg` (its `{{params}}` filled by anything), so a
 * table of refusals written as the words a person reads can also check the failure's `reason`.
 */
export function keyOfEnglish(msg: string): MessageKey {
  const matches = [...keysAndTexts(MESSAGES['en-US'])].filter(([, text]) => {
    const pattern = text
      .split(/\{\{\w+\}\}/)
      .map(literal)
      .join('.+');
    return new RegExp(`^${pattern}$`).test(msg);
  });
  if (matches.length !== 1) throw new Error(`${matches.length} en-US messages read "${msg}"`);
  return matches[0]![0];
}
