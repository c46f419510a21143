import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  type Envelope,
  endpoints,
  endpointUrl,
  isExpiredCode,
  type Locale,
  negotiateLocale,
  type Post,
} from '@pixelhall/contract';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, ENGINE, type TestApp } from './helper';
import { insertTopic } from './support/community';
import { judge, type RawAnswer } from './support/fuzz/answers';
import { casesFor, choose, type FuzzCase, type Plan, plainCase, wireCases } from './support/fuzz/cases';
import { type OpenApiDocument, type Operation, operationsOf } from './support/fuzz/openapi';
import { type Random, seeded, seedOf } from './support/fuzz/random';
import { downloadCases, type HostCase, tusCases } from './support/fuzz/upload-host';
import { overWire } from './support/fuzz/wire';
import { installWriteCounter, type WriteCounter } from './support/fuzz/writes';
import { tus } from './support/tus-client';

/**
 * Every operation of the published OpenAPI document gets malformed requests generated from its
 * own schema (wrong types, missing and extra fields, extreme numbers, control characters, deep
 * nesting, broken JSON, wrong content types, a body over the limit), as a visitor, as a member
 * and, on the game service and upload host, with a game token. No answer may be a 5xx; each is
 * the envelope with a message from the catalog of the language asked for; and a refused request
 * writes nothing to the database.
 */

/** Accept-Language values a client may send, odd ones included; the server negotiates each. */
const ACCEPT_LANGUAGES = [
  'en-US',
  'es-ES',
  'ja-JP',
  'ko-KR',
  'pt-BR',
  'pt-PT',
  'ja',
  'pt;q=0.9, en;q=0.1',
  'ko-KR,ko;q=0.9,en-US;q=0.8',
  'es-ES;q=abc, ja-JP',
  '*',
  'xx-YY',
  '',
];

/**
 * Each pass sends a seeded slice of every operation's cases, which keeps `npm test` to seconds
 * on a quiet machine and about a minute an engine on a busy one. FUZZ_EVERY_CASE=1 sends all of
 * them (about nine times as many), for a deeper look after changing how requests are read.
 */
const EVERY_CASE = process.env.FUZZ_EVERY_CASE === '1';
const slice = (plan: Plan): Plan =>
  EVERY_CASE ? { structural: Number.POSITIVE_INFINITY, perField: Number.POSITIVE_INFINITY } : plan;

/** Roughly one refused request in five is sent again in en-US to check both name the same message. */
const REPLAY_SHARE = 0.2;

let t: TestApp;
let dir: string;
let writes: WriteCounter;
let operations: Operation[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-fuzz-'));
  t = await buildTestApp({
    config: { outboxDir: path.join(dir, 'outbox'), uploadDir: path.join(dir, 'uploads') },
  });
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  operations = operationsOf(res.json() as OpenApiDocument);
  writes = await installWriteCounter(t.database);
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Role {
  name: string;
  /** Whether this role is worth trying on the operation. */
  applies(operation: Operation): boolean;
  /** The bearer token for one operation's requests; null for none. */
  tokenFor(operation: Operation): Promise<string | null>;
  /**
   * How much of the operation's cases to send. Broken bodies fail before the route knows who is
   * calling, so the visitor tries more of them than the members do; a visitor refused at the door
   * of a members-only endpoint never gets as far as its fields.
   */
  plan(operation: Operation): Promise<Plan>;
}

/** A fresh member for each operation, since a request may sign its session out. */
async function freshMemberToken(): Promise<string> {
  return (await t.make.member()).token;
}

/** Whether a plausible request without a token is told to sign in. */
async function membersOnly(operation: Operation): Promise<boolean> {
  const answer = await send(plainCase(operation), null, 'en-US');
  return isExpiredCode((JSON.parse(answer.body) as Envelope).code);
}

const visitor: Role = {
  name: 'visitor',
  applies: () => true,
  tokenFor: async () => null,
  plan: async (op) => slice({ structural: 6, perField: (await membersOnly(op)) ? 1 : 4 }),
};
const member: Role = {
  name: 'member',
  applies: (op) => op.secured,
  tokenFor: freshMemberToken,
  plan: async () => slice({ structural: 2, perField: 4 }),
};
const gameToken: Role = {
  name: 'game token',
  applies: (op) => op.secured && op.base !== 'api',
  async tokenFor() {
    const { body } = await call(t.app, endpoints.games.requestToken, {}, { token: await freshMemberToken() });
    return (body.data as { token: string }).token;
  },
  plan: async () => slice({ structural: 2, perField: 3 }),
};

async function send(fuzzCase: FuzzCase, token: string | null, acceptLanguage: string): Promise<RawAnswer> {
  // The case's own headers win: some break the token or the language on purpose.
  const headers: Record<string, string> = {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
    ...fuzzCase.headers,
  };
  const payload =
    fuzzCase.streamed && fuzzCase.payload !== undefined
      ? Readable.from([fuzzCase.payload])
      : fuzzCase.payload;
  const res = await t.app.inject({
    method: fuzzCase.method as HTTPMethods,
    url: fuzzCase.url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
}

const clip = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max)}…` : text);

interface Refused {
  fuzzCase: FuzzCase;
  acceptLanguage: string;
  where: string;
}

/** Every problem one role's requests to one operation turned up, as readable lines. */
async function fuzzOperation(
  role: Role,
  operation: Operation,
): Promise<{ problems: string[]; sent: number }> {
  const random: Random = seeded(seedOf(`${role.name} ${operation.method} ${operation.url}`));
  const token = await role.tokenFor(operation);
  const plan = await role.plan(operation);
  const cases = choose(casesFor(operation, t.config.bodyLimit, random), plan, random);
  const problems: string[] = [];
  const refused: Refused[] = [];
  const writesBefore = await writes.total();
  let sent = 0;
  let accepted = 0;
  for (const fuzzCase of cases) {
    const acceptLanguage = fuzzCase.headers['accept-language'] ?? random.pick(ACCEPT_LANGUAGES);
    const locale = negotiateLocale(acceptLanguage);
    const where = `${role.name} ${fuzzCase.method} ${clip(fuzzCase.url, 80)} [${fuzzCase.name}] (${clip(acceptLanguage, 40) || 'no language'})`;
    const answer = await send(fuzzCase, token, acceptLanguage);
    sent += 1;
    const judged = judge(answer, locale);
    if (judged.problem) {
      problems.push(`${where}: ${judged.problem}: ${answer.status} ${clip(answer.body)}`);
      continue;
    }
    if (!judged.refused) {
      accepted += 1;
      continue;
    }
    refused.push({ fuzzCase, acceptLanguage, where });
    if (locale !== 'en-US' && random.next() < REPLAY_SHARE) {
      const { 'accept-language': _own, ...headers } = fuzzCase.headers;
      const english = await send({ ...fuzzCase, headers }, token, 'en-US');
      sent += 1;
      const again = judge(english, 'en-US');
      if (again.problem || !again.keys.some((key) => judged.keys.includes(key))) {
        problems.push(
          `${where}: in en-US it says something else: ${clip(answer.body)} / ${clip(english.body)}`,
        );
      }
    }
  }
  // Reading the counter after every request would double the run on a busy PostgreSQL; most
  // operations write nothing at all, and those that did are searched for the refused culprit.
  if ((await writes.total()) !== writesBefore) {
    const culprits = await refusedThatWrite(refused, token);
    problems.push(...culprits.lines);
    sent += culprits.sent;
    if (accepted === 0 && culprits.lines.length === 0) {
      problems.push(`${role.name} ${operation.method} ${operation.url}: refused every request, yet wrote`);
    }
  }
  return { problems, sent };
}

/** Sends the refused requests again, one counter reading each, and names any that writes. */
async function refusedThatWrite(
  refused: Refused[],
  token: string | null,
): Promise<{ lines: string[]; sent: number }> {
  const lines: string[] = [];
  for (const { fuzzCase, acceptLanguage, where } of refused) {
    const before = await writes.byTable();
    const answer = await send(fuzzCase, token, acceptLanguage);
    const after = await writes.byTable();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    if (changed.length > 0 && judge(answer, negotiateLocale(acceptLanguage)).refused) {
      lines.push(`${where}: refused, yet wrote to ${changed.join(', ')}: ${clip(answer.body)}`);
    }
  }
  return { lines, sent: refused.length };
}

async function fuzzAll(role: Role): Promise<string[]> {
  const started = performance.now();
  const problems: string[] = [];
  let sent = 0;
  let covered = 0;
  for (const operation of operations) {
    if (!role.applies(operation)) continue;
    covered += 1;
    const result = await fuzzOperation(role, operation);
    problems.push(...result.problems);
    sent += result.sent;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(`fuzz on ${ENGINE}, as ${role.name}: ${covered} operations, ${sent} requests, ${seconds} s`);
  return problems;
}

/** The app's port, listening from the first test that needs a real connection on. */
async function listeningPort(): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ host: '127.0.0.1', port: 0 });
  return (t.app.server.address() as AddressInfo).port;
}

/** Long lists of problems are cut, or the report drowns; the count says how many there were. */
const summary = (problems: string[]) => ({ count: problems.length, first: problems.slice(0, 40) });

describe('the fuzzer reads the published document', () => {
  it('finds operations of the main API, the game service and the upload host', () => {
    const bases = new Set(operations.map((op) => op.base));
    expect([...bases].sort()).toEqual(['api', 'game-api', 'upload']);
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.map((op) => `${op.method} ${op.url}`)).toContain(
      `POST ${endpointUrl(endpoints.posts.createPost)}`,
    );
  });

  it('counts the writes a request makes', async () => {
    const before = await writes.total();
    await t.make.member();
    expect(await writes.total()).toBeGreaterThan(before);
  });
});

describe.each([visitor, member, gameToken])('malformed requests, as $name', (role) => {
  it('never answer 5xx, always the translated envelope, and write nothing', {
    timeout: 600_000,
  }, async () => {
    expect(summary(await fuzzAll(role))).toEqual({ count: 0, first: [] });
  });
});

describe('over a real connection', () => {
  /** Two operations of each base, picked by seed: the transport is the same for all of them. */
  const sampled = () => {
    const random = seeded(seedOf('over a real connection'));
    return (['api', 'game-api', 'upload'] as const).flatMap((base) =>
      random.sample(
        operations.filter((op) => op.base === base && op.method === 'POST'),
        2,
      ),
    );
  };

  it('refuses bodies over the limit, of the wrong type or broken, in the envelope', {
    timeout: 120_000,
  }, async () => {
    const port = await listeningPort();
    const token = await freshMemberToken();
    const problems: string[] = [];
    for (const operation of sampled()) {
      for (const wire of wireCases(t.config.bodyLimit)) {
        for (const [who, headers] of [
          ['visitor', { 'accept-language': 'ko-KR' }],
          ['member', { 'accept-language': 'pt-BR', authorization: `Bearer ${token}` }],
        ] as const) {
          const answer = await overWire(port, {
            method: 'POST',
            path: operation.url,
            headers: { ...headers, 'content-type': wire.contentType },
            body: wire.body,
            chunked: wire.chunked,
          });
          const { problem, refused } = judge(answer, negotiateLocale(headers['accept-language']));
          const wrong = problem ?? (refused ? null : 'not refused');
          if (wrong) {
            problems.push(
              `${who} POST ${operation.url} [${wire.name}]: ${wrong}: ${answer.status} ${clip(answer.body)}`,
            );
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

/**
 * tus (upload/big) and the downloads are outside the OpenAPI document: their malformed requests
 * are listed by hand (support/fuzz/upload-host.ts) and sent over a real connection, as a member
 * who owns an upload in progress and a post's file, and as a visitor. Every refusal is the
 * translated envelope (a HEAD's has no body: its type says JSON), none is a 5xx, and a refused
 * request stores nothing: no row written, no upload begun or dropped, no file in the tus folder.
 */
describe('the upload host beyond the document: tus and downloads', () => {
  let port: number;
  let origin: string;
  let token: string;
  let own: string;
  let file: { id: number; key: string };
  const tusDir = () => path.join(t.config.uploadDir, 'tus');

  beforeAll(async () => {
    port = await listeningPort();
    origin = `http://127.0.0.1:${port}`;
    token = await freshMemberToken();
    const created = await tus.create(origin, token, 10, 'notes.txt');
    own = created.headers.get('location')!.split('/').pop()!;
    const { sha256 } = await tus.whole(origin, token, Buffer.from('the manual'), 'manual.pdf');
    const { body } = await call(
      t.app,
      endpoints.posts.createPost,
      { topic_id: await insertTopic(t.database), text: 'Manual', files: [{ sha256, name: 'manual.pdf' }] },
      { token },
    );
    const address = new URL((body.data as Post).files[0]!.url, origin);
    file = { id: Number(address.searchParams.get('id')), key: address.searchParams.get('key')! };
  });

  /** What a refused request must leave as it was: its upload may only be marked as written to. */
  async function stored() {
    const tables = await writes.byTable();
    delete tables.big_uploads;
    const uploads = await t.database.db
      .selectFrom('big_uploads')
      .select(['id', 'owner_id', 'declared_bytes'])
      .orderBy('id')
      .execute();
    return JSON.stringify({ tables, uploads, files: readdirSync(tusDir()).sort() });
  }

  /** What is wrong with one answer, or null. */
  function problemOf(
    hostCase: HostCase,
    answer: RawAnswer,
    locale: Locale,
    mayServe: boolean,
  ): string | null {
    if (answer.status >= 200 && answer.status < 300 && mayServe) return null;
    if (answer.status < 400) return answer.status >= 100 ? 'not refused' : 'no answer';
    if (hostCase.method !== 'HEAD') return judge(answer, locale).problem;
    if (answer.status >= 500) return `status ${answer.status}`;
    return /^application\/json\b/.test(answer.contentType) ? null : `content type "${answer.contentType}"`;
  }

  async function sendAll(cases: HostCase[], as: string | null, mayServe: (c: HostCase) => boolean) {
    const random = seeded(seedOf(`upload host ${as ? 'member' : 'visitor'}`));
    const problems: string[] = [];
    for (const hostCase of cases) {
      const acceptLanguage = random.pick(ACCEPT_LANGUAGES);
      const before = await stored();
      const answer = await overWire(port, {
        method: hostCase.method,
        path: hostCase.path,
        headers: {
          ...(as ? { authorization: `Bearer ${as}` } : {}),
          ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
          ...hostCase.headers,
        },
        body: hostCase.body,
        holdOpen: true,
      });
      const where = `${as ? 'member' : 'visitor'} ${hostCase.method} ${clip(hostCase.path, 80)} [${clip(hostCase.name, 80)}]`;
      const problem = problemOf(hostCase, answer, negotiateLocale(acceptLanguage), mayServe(hostCase));
      if (problem) problems.push(`${where}: ${problem}: ${answer.status} ${clip(answer.body)}`);
      if (answer.status >= 400 && (await stored()) !== before) problems.push(`${where}: refused, yet stored`);
    }
    return problems;
  }

  it('refuses every malformed tus request in the envelope, never 5xx, storing nothing', {
    timeout: 300_000,
  }, async () => {
    const cases = tusCases(own);
    const problems = [
      ...(await sendAll(cases, token, () => false)),
      ...(await sendAll(cases, null, () => false)),
    ];
    expect(summary(problems)).toEqual({ count: 0, first: [] });
    // The member's upload went through all of it untouched.
    const head = await tus.head(origin, token, `${tus.path}/${own}`);
    expect(head.headers.get('upload-offset')).toBe('0');
  });

  it('answers wrong download addresses and broken ranges with the envelope or the file, never 5xx', {
    timeout: 300_000,
  }, async () => {
    const cases = downloadCases(file);
    const servesTheFile = (c: HostCase) => 'range' in c.headers;
    const problems = [
      ...(await sendAll(cases, token, servesTheFile)),
      ...(await sendAll(cases, null, servesTheFile)),
    ];
    expect(summary(problems)).toEqual({ count: 0, first: [] });
  });
});
