/**
 * Small, exact edits to the registries a feature is listed in. Each finds its anchor in the file
 * as it is today and fails with the file's name when the anchor is gone, rather than guess.
 */

export class AnchorMissing extends Error {}

export interface Edited {
  content: string;
  /** The lines the edit added, to show in a dry run. */
  added: string[];
}

/** Sorts as the linter orders import sources: by UTF-16 code unit, which puts `-` before letters. */
const before = (a: string, b: string) => a < b;

/**
 * Adds `line` among the lines `pattern` matches (whose first group is the sort key), keeping them
 * sorted by that key.
 */
export function insertSorted(file: string, source: string, pattern: RegExp, line: string): Edited {
  const lines = source.split('\n');
  const key = pattern.exec(line)?.[1];
  if (key === undefined) throw new Error(`${line} does not match ${pattern}`);
  const matching = lines.flatMap((l, i) => {
    const k = pattern.exec(l)?.[1];
    return k === undefined ? [] : [{ i, k }];
  });
  if (matching.length === 0)
    throw new AnchorMissing(`${file}: no line like ${pattern} to add ${line} beside`);
  const next = matching.find((m) => before(key, m.k));
  const at = next ? next.i : matching[matching.length - 1]!.i + 1;
  lines.splice(at, 0, line);
  return { content: lines.join('\n'), added: [line] };
}

/** Adds `text` just before the first occurrence of `anchor` (the first after `after`, when given). */
export function insertBefore(file: string, source: string, anchor: string, text: string, after = ''): Edited {
  const from = source.indexOf(after);
  const at = from < 0 ? -1 : source.indexOf(anchor, from + after.length);
  if (at < 0) throw new AnchorMissing(`${file}: ${JSON.stringify(anchor)} is not there any more`);
  return { content: source.slice(0, at) + text + source.slice(at), added: text.split('\n').filter(Boolean) };
}

/** Adds `line` after the last line `pattern` matches. */
export function insertAfterLast(file: string, source: string, pattern: RegExp, line: string): Edited {
  const lines = source.split('\n');
  const last = lines.findLastIndex((l) => pattern.test(l));
  if (last < 0) throw new AnchorMissing(`${file}: no line like ${pattern} to add ${line} after`);
  lines.splice(last + 1, 0, line);
  return { content: lines.join('\n'), added: [line] };
}

/**
 * Adds `item` to the string array `const <name>...= [...]` and writes the array as the formatter
 * would: on one line when it fits in `width`, else an item a line.
 */
export function addToStringArray(
  file: string,
  source: string,
  name: string,
  item: string,
  width = 110,
): Edited {
  const start = new RegExp(`^(const ${name}[^=]*= )\\[`, 'm').exec(source);
  if (!start) throw new AnchorMissing(`${file}: the array ${name} is not there any more`);
  const open = start.index + start[0].length;
  const close = source.indexOf('];', open);
  const items = [...source.slice(open, close).matchAll(/'[^']*'/g)].map((m) => m[0]);
  items.push(`'${item}'`);
  const oneLine = `${start[1]}[${items.join(', ')}];`;
  const written =
    oneLine.length <= width ? oneLine : `${start[1]}[\n${items.map((i) => `  ${i},`).join('\n')}\n];`;
  return {
    content: source.slice(0, start.index) + written + source.slice(close + 2),
    added: [`'${item}'`],
  };
}

/** Adds a group of strings at the end of a catalog, written as the catalogs are: two spaces, a final newline. */
export function addCatalogGroup(source: string, group: string, strings: Record<string, string>): Edited {
  const catalog = JSON.parse(source) as Record<string, unknown>;
  catalog[group] = strings;
  return {
    content: `${JSON.stringify(catalog, null, 2)}\n`,
    added: [`"${group}": ${JSON.stringify(strings)}`],
  };
}
