import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Stringify = (data: unknown) => string;
type JsonSchema = { [key: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Keywords whose value is one schema, a list of schemas, or a map of names to schemas. */
const ONE = ['items', 'additionalItems', 'additionalProperties', 'not', 'if', 'then', 'else'];
const LIST = ['anyOf', 'oneOf', 'allOf', 'items', 'prefixItems'];
const MAP = ['properties', 'patternProperties', 'definitions', '$defs'];

/**
 * zod's JSON Schema, shaped for fast-json-stringify: an object with declared properties never
 * lets an undeclared one through (zod's output already says so; this makes sure), and "X or
 * null" becomes `nullable`, which fast-json-stringify writes directly instead of validating the
 * value against each branch.
 */
function forFastJson(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  for (const key of ONE) if (isSchema(out[key])) out[key] = forFastJson(out[key]);
  for (const key of LIST) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((s) => (isSchema(s) ? forFastJson(s) : s));
  }
  for (const key of MAP) {
    const map = out[key];
    if (isSchema(map)) {
      out[key] = Object.fromEntries(
        Object.entries(map).map(([name, s]) => [name, isSchema(s) ? forFastJson(s) : s]),
      );
    }
  }
  if (out.properties !== undefined && out.additionalProperties === undefined)
    out.additionalProperties = false;

  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullAt = branches.findIndex((b) => isSchema(b) && b.type === 'null' && Object.keys(b).length === 1);
    const other = branches[1 - nullAt];
    if (nullAt !== -1 && isSchema(other) && !('$ref' in other) && other.type !== undefined) {
      const { anyOf: _, ...rest } = out;
      return { ...other, ...rest, nullable: true };
    }
  }
  return out;
}

/** A fast-json-stringify serializer of a zod schema, or null when it has no JSON Schema. */
function compileFast(schema: z.ZodType): Stringify | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(forFastJson(json as JsonSchema)) as Stringify;
  } catch {
    return null;
  }
}

/**
 * The answer serializer, a security boundary: nothing the contract does not declare leaves the
 * server. zod's serializer checks and copies the whole answer before JSON.stringify, which costs
 * more than building a feed page; this one writes the answer straight from the contract's JSON
 * Schema, dropping undeclared fields the same way. Whenever it cannot (no JSON Schema for the
 * answer, or a value it cannot place), zod's serializer answers instead, with its own checks.
 *
 * Writing does not check values against the contract as zod does. Outside production
 * (`crossCheck`) every answer is also serialized by zod, so a value that breaks the contract still
 * fails loudly in development and tests, and any difference between the two is an error.
 */
export function contractSerializerCompiler({
  crossCheck,
}: {
  crossCheck: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const viaZod = zodSerializerCompiler(route) as Stringify;
    // Compiled on first use: most routes of a test app are never answered.
    let fast: Stringify | null | undefined;
    return (data: unknown) => {
      if (fast === undefined) fast = route.schema instanceof z.ZodType ? compileFast(route.schema) : null;
      if (fast === null) return viaZod(data);
      let json: string;
      try {
        json = fast(data);
      } catch {
        return viaZod(data);
      }
      if (crossCheck && !isDeepStrictEqual(JSON.parse(json), JSON.parse(viaZod(data)))) {
        throw new Error(
          `The answer of ${route.method} ${route.url} differs from what its contract schema writes`,
        );
      }
      return json;
    };
  };
}
