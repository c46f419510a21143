/** C0 control characters other than tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** Arrays and plain objects: what JSON.parse builds (not streams, buffers or files). */
function isContainer(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Whether any string in a parsed JSON body or query holds a control character. No field has a
 * use for one, and PostgreSQL refuses NUL in text outright, so one check here keeps every text
 * field the same on both engines. Keys are left to validation, which drops unknown ones.
 * Iterative, not recursive (a body may nest deeper than the stack), and allocation-free for the
 * flat payloads most calls send.
 */
export function hasControlCharacter(payload: unknown): boolean {
  if (typeof payload === 'string') return CONTROL.test(payload);
  // The root is any object: Fastify's query parser builds one on a prototype of its own.
  if (typeof payload !== 'object' || payload === null) return false;
  let pending: object[] | undefined;
  let container: object | undefined = payload;
  while (container !== undefined) {
    const items: Iterable<unknown> = Array.isArray(container)
      ? container
      : Object.values(container as Record<string, unknown>);
    for (const item of items) {
      if (typeof item === 'string') {
        if (CONTROL.test(item)) return true;
      } else if (isContainer(item)) {
        pending ??= [];
        pending.push(item);
      }
    }
    container = pending?.pop();
  }
  return false;
}
