import type { Schema } from './openapi';

/** The JSON types a schema accepts, `enum` and `anyOf` unfolded. */
export function typesOf(schema: Schema): Set<string> {
  const types = new Set<string>();
  const visit = (s: Schema) => {
    for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) visit(branch);
    if (Array.isArray(s.type)) for (const t of s.type) types.add(t);
    else if (s.type) types.add(s.type);
    for (const value of s.enum ?? []) types.add(value === null ? 'null' : typeof value);
  };
  visit(schema);
  return types;
}

const PATTERN_GUESSES = [
  'a'.repeat(64),
  'a'.repeat(40),
  'a'.repeat(32),
  '/x',
  'https://example.org/x',
  'player_1',
  'a@example.org',
  '1.0.0',
  '',
];

/**
 * A plausible valid value, so a case breaks one field while its neighbours stay acceptable and
 * the request gets as far into the server as that field allows.
 */
export function plausible(schema: Schema): unknown {
  const branch = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((s) => s.type !== 'null');
  if (branch) return plausible(branch);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      if (schema.minimum !== undefined) return schema.minimum;
      if (schema.exclusiveMinimum !== undefined) return Math.floor(schema.exclusiveMinimum) + 1;
      return Math.min(1, schema.maximum ?? 1);
    }
    case 'boolean':
      return false;
    case 'array':
      return schema.minItems && schema.items
        ? Array.from({ length: schema.minItems }, () => plausible(schema.items!))
        : [];
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((k) => [k, plausible(schema.properties?.[k] ?? {})]),
      );
    case 'string': {
      if (schema.format === 'email') return 'a@example.org';
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? Number.POSITIVE_INFINITY;
      const fits = (s: string) =>
        s.length >= min && s.length <= max && (!schema.pattern || new RegExp(schema.pattern, 'u').test(s));
      return PATTERN_GUESSES.find(fits) ?? 'a'.repeat(Math.max(min, 1));
    }
    default:
      return 'a';
  }
}

/** The places worth breaking: an object's fields and an array's first item, `depth` levels down. */
export function nestedPaths(schema: Schema, depth: number): { path: (string | number)[]; schema: Schema }[] {
  if (depth === 0) return [];
  const found: { path: (string | number)[]; schema: Schema }[] = [];
  const branches = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  for (const s of branches) {
    for (const [key, child] of Object.entries(s.properties ?? {})) {
      found.push({ path: [key], schema: child });
      for (const deeper of nestedPaths(child, depth - 1))
        found.push({ path: [key, ...deeper.path], schema: deeper.schema });
    }
    if (s.items) {
      for (const deeper of nestedPaths(s.items, depth - 1))
        found.push({ path: [0, ...deeper.path], schema: deeper.schema });
    }
  }
  return found;
}

/** `base` with `value` at `path`, filling the containers on the way with plausible values. */
export function withValueAt(
  base: unknown,
  path: (string | number)[],
  value: unknown,
  schema: Schema,
): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const items = Array.isArray(base) ? [...base] : [];
    const itemSchema = schema.items ?? {};
    items[head] = withValueAt(items[head] ?? plausible(itemSchema), rest, value, itemSchema);
    return items;
  }
  const object = typeof base === 'object' && base !== null && !Array.isArray(base) ? { ...base } : {};
  const childSchema = propertyOf(schema, head!);
  (object as Record<string, unknown>)[head!] = withValueAt(
    (object as Record<string, unknown>)[head!] ?? plausible(childSchema),
    rest,
    value,
    childSchema,
  );
  return object;
}

function propertyOf(schema: Schema, key: string): Schema {
  for (const s of [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    const found = s.properties?.[key];
    if (found) return found;
  }
  return {};
}
