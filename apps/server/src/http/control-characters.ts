/** C0 control characters other than tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Whether any string (or key) in a parsed JSON body or query holds a control character. No field
 * has a use for one, and PostgreSQL refuses NUL in text outright, so one check here keeps every
 * text field the same on both engines. Iterative, not recursive: a body may nest deeper than the
 * stack.
 */
export function hasControlCharacter(payload: unknown): boolean {
  const pending: unknown[] = [payload];
  // The root is any object: Fastify's query parser builds one on a prototype of its own.
  let root = true;
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (CONTROL.test(value)) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (typeof value === 'object' && value !== null && (root || isPlainObject(value))) {
      for (const key in value) {
        if (CONTROL.test(key)) return true;
        pending.push((value as Record<string, unknown>)[key]);
      }
    }
    root = false;
  }
  return false;
}
