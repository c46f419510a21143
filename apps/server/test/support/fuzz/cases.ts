import type { Operation } from './openapi';
import type { Random } from './random';
import { nestedPaths, plausible, withValueAt } from './schema';
import {
  BROKEN_BODIES,
  describeValue,
  jsonText,
  ODD_HEADERS,
  QUERY_VALUES,
  QUERY_WORDS,
  randomText,
  valuesFor,
  WRONG_CONTENT_TYPES,
} from './values';

/** One malformed request, as the wire would carry it. */
export interface FuzzCase {
  /** What is wrong with it, to name a failure. */
  name: string;
  method: string;
  /** Path and query string, already encoded. */
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Sent as a stream, so the server learns the size only by reading (no content-length). */
  streamed?: boolean;
}

const JSON_TYPE = 'application/json';

/**
 * Every malformed request for one operation, in three groups: the broken bodies and transports
 * (decided before the route knows who is calling), the required fields left out, and the wrong
 * values of each field. Deterministic for a given `random`.
 */
export interface CaseSet {
  structural: FuzzCase[];
  missing: FuzzCase[];
  byField: { wrongTypes: FuzzCase[]; others: FuzzCase[] }[];
}

export function casesFor(operation: Operation, bodyLimit: number, random: Random): CaseSet {
  return operation.payloadIn === 'body'
    ? bodyCases(operation, bodyLimit, random)
    : queryCases(operation, random);
}

/** How many of each group one pass sends. */
export interface Plan {
  structural: number;
  perField: number;
}

/** A seeded sample of a case set, so every pass tries a different slice of the same cases. */
export function choose(set: CaseSet, plan: Plan, random: Random): FuzzCase[] {
  return [
    ...random.sample(set.structural, plan.structural),
    ...set.missing,
    ...set.byField.flatMap(({ wrongTypes, others }) => {
      // Every field gets a wrong type, however thin the slice.
      const wrong = random.sample(
        wrongTypes,
        Math.min(plan.perField, Number.isFinite(plan.perField) ? 1 : wrongTypes.length),
      );
      return [...wrong, ...random.sample(others, plan.perField - wrong.length)];
    }),
  ];
}

/** The operation called plausibly, every required field filled in. */
export function plainCase(operation: Operation): FuzzCase {
  const base = plausible({ ...operation.payload, type: 'object' }) as Record<string, unknown>;
  if (operation.payloadIn === 'body') {
    return {
      name: 'plain',
      method: 'POST',
      url: operation.url,
      headers: { 'content-type': JSON_TYPE },
      payload: jsonText(base),
    };
  }
  const query = new URLSearchParams(
    Object.entries(base).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return {
    name: 'plain',
    method: 'GET',
    url: query ? `${operation.url}?${query}` : operation.url,
    headers: {},
  };
}

function bodyCases(operation: Operation, bodyLimit: number, random: Random): CaseSet {
  const { payload: schema, url } = operation;
  const base = plausible({ ...schema, type: 'object' }) as Record<string, unknown>;
  const json = (name: string, body: string | Buffer, headers: Record<string, string> = {}): FuzzCase => ({
    name,
    method: 'POST',
    url,
    headers: { 'content-type': JSON_TYPE, ...headers },
    payload: body,
  });

  const missing = schema.required.map((key) => {
    const { [key]: _missing, ...rest } = base;
    return json(`without ${key}`, jsonText(rest));
  });
  const byField = nestedPaths(schema, 3).map(({ path, schema: field }) => {
    const values = valuesFor(field, random);
    const caseOf = (value: unknown) =>
      json(`${path.join('.')} = ${describeValue(value)}`, jsonText(withValueAt(base, path, value, schema)));
    return { wrongTypes: values.wrongTypes.map(caseOf), others: values.others.map(caseOf) };
  });
  const text = jsonText(base);
  const overLimit = overLimitBody(bodyLimit);
  const structural = [
    json('an unknown field', jsonText({ ...base, unknown_field: randomText(random) })),
    json(
      'a thousand unknown fields',
      jsonText({ ...base, ...Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i])) }),
    ),
    ...BROKEN_BODIES.map(([name, body]) => json(name, body)),
    ...WRONG_CONTENT_TYPES.map(([type, bodyOf]) =>
      json(`content type "${type}"`, bodyOf(text), { 'content-type': type }),
    ),
    { name: 'no body and no content type', method: 'POST', url, headers: {} },
    json('a content-length shorter than the body', text, { 'content-length': '1' }),
    json('a content-length longer than the body', text, { 'content-length': String(text.length + 10) }),
    json('a body over the limit', overLimit),
    { ...json('a streamed body over the limit', overLimit), streamed: true },
    ...ODD_HEADERS.map(([name, headers]) => json(name, text, headers)),
    json('an unrouted method', text),
  ];
  structural[structural.length - 1]!.method = 'PUT';
  return { structural, missing, byField };
}

/** One over-limit body per limit, shared by every case (it is a megabyte). */
const overLimitBodies = new Map<number, Buffer>();
function overLimitBody(bodyLimit: number): Buffer {
  let body = overLimitBodies.get(bodyLimit);
  if (!body) {
    body = Buffer.from(`{"a":"${'x'.repeat(bodyLimit)}"}`);
    overLimitBodies.set(bodyLimit, body);
  }
  return body;
}

/** Over a real connection: bodies over the limit (announced or streamed) and a wrong type. */
export function wireCases(
  bodyLimit: number,
): { name: string; contentType: string; body: Buffer; chunked: boolean }[] {
  const body = overLimitBody(bodyLimit);
  return [
    { name: 'a body over the limit', contentType: JSON_TYPE, body, chunked: false },
    { name: 'a chunked body over the limit', contentType: JSON_TYPE, body, chunked: true },
    { name: 'plain text over the limit', contentType: 'text/plain', body, chunked: false },
    {
      name: 'a form without a boundary over the limit',
      contentType: 'multipart/form-data',
      body,
      chunked: true,
    },
    { name: 'invalid JSON', contentType: JSON_TYPE, body: Buffer.from('{"a":'), chunked: false },
  ];
}

function queryCases(operation: Operation, random: Random): CaseSet {
  const { payload: schema, url } = operation;
  const base = Object.fromEntries(
    Object.entries(plausible({ ...schema, type: 'object' }) as Record<string, unknown>).map(([k, v]) => [
      k,
      encodeURIComponent(String(v)),
    ]),
  );
  const get = (name: string, pairs: [string, string][], extra: Partial<FuzzCase> = {}): FuzzCase => {
    const query = pairs.map(([k, v]) => `${k}=${v}`).join('&');
    return { name, method: 'GET', url: query ? `${url}?${query}` : url, headers: {}, ...extra };
  };
  const baseWith = (key: string, encoded: string | null): [string, string][] =>
    Object.entries({ ...base, [key]: encoded }).filter((e): e is [string, string] => e[1] !== null);
  const missing = schema.required.map((key) => get(`without ${key}`, baseWith(key, null)));
  const byField = Object.keys(schema.properties).map((key) => {
    const valueCase = (value: { name: string; encoded: string }) =>
      get(`${key} = ${value.name}`, baseWith(key, value.encoded));
    return {
      // On the wire every value is text: the wrong types are words, a repeat (an array) and brackets (an object).
      wrongTypes: [
        ...QUERY_WORDS.map(valueCase),
        get(`${key} twice`, [...baseWith(key, '1'), [key, '2']]),
        get(`${key}[] bracketed`, [...baseWith(key, null), [`${key}[a]`, '1']]),
      ],
      others: [
        ...QUERY_VALUES.map(valueCase),
        get(
          `${key} random text`,
          baseWith(key, encodeURIComponent(randomText(random).replace(/[\ud800-\udfff]/g, '?'))),
        ),
      ],
    };
  });
  const structural = [
    get('an unknown parameter', [...Object.entries(base), ['unknown', 'x']]),
    get('a __proto__ parameter', [
      ...Object.entries(base),
      ['__proto__', 'x'],
      ['constructor[prototype][x]', '1'],
    ]),
    get(
      'a thousand parameters',
      Array.from({ length: 1000 }, (_, i) => [`k${i}`, String(i)]),
    ),
    get('an empty name', [...Object.entries(base), ['', 'x']]),
    get('a JSON body on a GET', [], { headers: { 'content-type': JSON_TYPE }, payload: '{"a":' }),
    ...ODD_HEADERS.map(([name, headers]) => get(name, Object.entries(base), { headers })),
  ];
  return { structural, missing, byField };
}
