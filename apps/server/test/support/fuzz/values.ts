import type { Schema } from './openapi';
import type { Random } from './random';
import { typesOf } from './schema';

/** JSON text written as is, for numbers JSON.stringify cannot spell (2^63, 1e400) and deep nests. */
export class RawJson {
  constructor(readonly text: string) {}
}

const DEPTH = 1000;
const deepArray = new RawJson(`${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`);
const deepObject = new RawJson(`${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`);

const WRONG_TYPES: unknown[] = ['text', 12345, true, null, [], {}];

const NUMBERS: unknown[] = [
  1e308,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('9223372036854775808'),
  new RawJson('-9223372036854775809'),
  2 ** 63,
  2 ** 53 + 2,
  2 ** 31,
  -(2 ** 31),
  -1,
  0,
  0.5,
  new RawJson('-0'),
  'NaN',
  'Infinity',
  '1',
  '0x10',
];

const LONG_TEXT = 'x'.repeat(100_000);

const STRINGS: unknown[] = [
  '',
  '   ',
  'a\u0000b',
  '\u0000',
  'bell\u0007',
  '\u001b[2J',
  '\u202eexe.txt',
  '\ud800',
  '\uffff',
  '𝕏'.repeat(300),
  LONG_TEXT,
  "'; DROP TABLE users; --",
  '{{field}}',
  '$t(errors.internal)',
  '__proto__',
  '%00',
];

const BOOLEANS: unknown[] = ['true', 'false', 1, 0];

const ARRAYS: unknown[] = [[null], [[]], [{}], Array.from({ length: 10_000 }, (_, i) => i)];

/** Characters worth mixing into random text: controls, bidi marks, surrogates, wide and combining. */
const NASTY = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u200b',
  '\u202e',
  '\ud83d',
  '\udca5',
  '\ufeff',
  'é',
  '語',
  '😀',
  '"',
  '\\',
  '/',
  '%',
  '<',
  '{',
  ' ',
  'a',
  'e\u0301',
];

export function randomText(random: Random): string {
  return Array.from({ length: 1 + random.below(40) }, () => random.pick(NASTY)).join('');
}

/** JSON text of a value, with RawJson written verbatim. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v) => {
    if (v instanceof RawJson) {
      raws.push(v.text);
      return `@@raw${raws.length - 1}@@`;
    }
    return v;
  });
  return raws.length === 0 ? text : text.replace(/"@@raw(\d+)@@"/g, (_m, i: string) => raws[Number(i)]!);
}

export const describeValue = (value: unknown) => {
  const text = value instanceof RawJson ? value.text : jsonText(value);
  return text.length > 40 ? `${text.slice(0, 37)}… (${text.length} chars)` : text;
};

/** Request bodies that are not JSON, or not the JSON of an object. */
export const BROKEN_BODIES: [string, string | Buffer][] = [
  ['an empty JSON body', ''],
  ['JSON null', 'null'],
  ['a JSON array', '[]'],
  ['a JSON string', '"text"'],
  ['a JSON number', '123'],
  ['JSON true', 'true'],
  ['an unclosed object', '{'],
  ['a missing value', '{"a":}'],
  ['single quotes', "{'a':1}"],
  ['a trailing comma', '{"a":1,}'],
  ['a truncated literal', 'nul'],
  ['two objects', '{"a":1}{"b":2}'],
  ['a byte-order mark', '\ufeff{}'],
  ['a bad escape', '{"a":"\\x00"}'],
  ['a raw NUL', '{"a":"\u0000"}'],
  ['an unclosed deep array', '['.repeat(10_000)],
  ['a deep array', deepArray.text],
  ['a deep object', deepObject.text],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x7d])],
  ['a __proto__ key', '{"__proto__":{"polluted":true}}'],
  ['a constructor.prototype key', '{"constructor":{"prototype":{"polluted":true}}}'],
];

/** Content types the endpoints do not take, each with a body that would suit it. */
export const WRONG_CONTENT_TYPES: [string, (json: string) => string][] = [
  ['text/plain', (json) => json],
  ['application/x-www-form-urlencoded', () => 'a=1&b=2'],
  ['multipart/form-data', () => '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
  ['multipart/form-data; boundary=x', () => 'not a form at all'],
  ['application/xml', () => '<a>1</a>'],
  ['application/json; charset=utf-16', (json) => json],
  ['application/vnd.api+json', (json) => json],
  ['application/octet-stream', (json) => json],
  ['invalid', (json) => json],
  ['', (json) => json],
];

/** Headers that break the token, the client version or the language, whatever the body. */
export const ODD_HEADERS: [string, Record<string, string>][] = [
  ['a bearer without a token', { authorization: 'Bearer' }],
  ['a bearer of two words', { authorization: 'Bearer a b' }],
  ['basic credentials', { authorization: 'Basic Zm9vOmJhcg==' }],
  ['a huge bearer token', { authorization: `Bearer ${'x'.repeat(8000)}` }],
  ['a client version nobody made', { 'x-client-version': '99999999999999999999.0.0' }],
  ['a huge client version', { 'x-client-version': 'x'.repeat(2000) }],
  ['a huge language list', { 'accept-language': 'ja-JP;q=0.5,'.repeat(2000) }],
];

const asQueryValue = (v: string) => ({ name: describeValue(v), encoded: encodeURIComponent(v) });

/** Query-string words no number, boolean or list reads as. */
export const QUERY_WORDS = ['abc', 'true', 'null', '[]', '{}'].map(asQueryValue);

/** Query-string values: all text on the wire, some of it not even valid percent-encoding. */
export const QUERY_VALUES: { name: string; encoded: string }[] = [
  ...[
    '',
    '-1',
    '0',
    '1.5',
    '1e308',
    '1e400',
    '9223372036854775808',
    '-9223372036854775809',
    'NaN',
    'Infinity',
    'a\u0000b',
    'bell\u0007',
    '\u001b[2J',
    '\u202eexe.txt',
    'x'.repeat(5000),
    "'; DROP TABLE users; --",
    '$t(errors.internal)',
  ].map(asQueryValue),
  { name: 'a lone surrogate', encoded: '%ED%A0%80' },
  { name: 'invalid UTF-8', encoded: '%FF%FE' },
  { name: 'a broken escape', encoded: '%zz' },
  { name: 'a bare percent', encoded: '%' },
];

/** What one field is tried with: every wrong type, and the extremes its own type invites. */
export function valuesFor(schema: Schema, random: Random): { wrongTypes: unknown[]; others: unknown[] } {
  const types = typesOf(schema);
  const others: unknown[] = [deepArray, deepObject, randomText(random)];
  if (types.has('integer') || types.has('number')) others.push(...NUMBERS);
  else others.push(...random.sample(NUMBERS, 3));
  if (types.has('string')) others.push(...STRINGS);
  else others.push(...random.sample(STRINGS, 3));
  if (types.has('boolean')) others.push(...BOOLEANS);
  if (types.has('array')) others.push(...ARRAYS);
  return { wrongTypes: WRONG_TYPES, others };
}
