import {
  type ApiBase,
  BASE_PREFIX,
  type EndpointDef,
  endpoints,
  endpointUrl,
  expiredCodeFor,
} from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

/**
 * The published document (/api/openapi.json) says what the server does: an endpoint it marks
 * token-required refuses a call without a token, one it marks optional (or open) serves it, the
 * multipart upload has its body, and the failures every call may meet are documented.
 */

interface Operation {
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: Record<string, unknown> }> };
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

type Call = { url: string; method: 'GET' | 'POST'; base: ApiBase; operation: Operation };

let t: TestApp;
let doc: Document;
let calls: Call[];
let visitorPayload: Record<string, unknown>;

const BASES = Object.fromEntries(
  Object.entries(BASE_PREFIX).map(([base, prefix]) => [prefix, base]),
) as Record<string, ApiBase>;
const contract = Object.values(endpoints).flatMap((group) => Object.values(group) as EndpointDef[]);
const tokenRequired = (op: Operation) =>
  (op.security?.length ?? 0) > 0 && !op.security!.some((s) => Object.keys(s).length === 0);

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  calls = Object.entries(doc.paths).flatMap(([url, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      url,
      method: method.toUpperCase() as Call['method'],
      base: BASES[url.split('/')[1]!]!,
      operation,
    })),
  );
  // What a visitor's call names: a member's page to read (other/comments, user/posts …).
  const someone = await t.make.user();
  visitorPayload = { user_id: someone.id };
});
afterAll(() => t.close());

async function tokenless({ url, method }: Call, payload: Record<string, unknown>) {
  const res =
    method === 'POST'
      ? await t.app.inject({ method, url, payload })
      : await t.app.inject({ method, url, query: payload as Record<string, string> });
  return { status: res.statusCode, body: res.json() as { code: number; reason?: string } };
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with every operation of the contract, and only known security schemes', () => {
    expect(doc.openapi).toBe('3.1.0');
    const published = new Set(calls.map((c) => `${c.method} ${c.url}`));
    const missing = contract.flatMap((def) =>
      def.methods.map((m) => `${m} ${endpointUrl(def)}`).filter((name) => !published.has(name)),
    );
    expect(missing).toEqual([]);
    const schemes = calls.flatMap((c) => (c.operation.security ?? []).flatMap((s) => Object.keys(s)));
    expect([...new Set(schemes)]).toEqual(['bearer']);
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it("marks each endpoint's token as the contract's auth says", () => {
    const expected = { none: undefined, optional: [{}, { bearer: [] }], required: [{ bearer: [] }] };
    const wrong = contract.flatMap((def) =>
      def.methods.flatMap((m) => {
        const security = doc.paths[endpointUrl(def)]?.[m.toLowerCase()]?.security;
        return JSON.stringify(security) === JSON.stringify(expected[def.auth])
          ? []
          : [{ call: `${m} ${endpointUrl(def)}`, auth: def.auth, security }];
      }),
    );
    expect(wrong).toEqual([]);
    expect(calls.filter((c) => !tokenRequired(c.operation)).length).toBeGreaterThan(0);
  });

  it('gives every POST a body, required only where a call without one cannot succeed', () => {
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.filter((c) => !c.operation.requestBody).map((c) => c.url)).toEqual([]);
    const wrong = posts.filter(({ operation }) => {
      const schema = Object.values(operation.requestBody!.content)[0]?.schema as { required?: string[] };
      return operation.requestBody!.required !== (schema?.required?.length ?? 0) > 0;
    });
    expect(wrong.map((c) => c.url)).toEqual([]);
    expect(doc.paths['/api/home/posts']!.post!.requestBody!.required).toBe(false);
  });

  it('describes upload/file as a multipart form with the file and its app', () => {
    const upload = doc.paths[endpointUrl(endpoints.uploads.uploadFile)]!.post!;
    expect(upload.requestBody).toEqual({
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: { type: 'string', format: 'binary', description: expect.stringContaining('JPEG') },
              app: expect.objectContaining({ type: 'string', enum: ['images', 'post_images'] }),
            },
            required: ['file', 'app'],
          },
        },
      },
    });
    expect(Object.keys(upload.responses).sort()).toEqual(['200', '400', '413']);
  });

  it('documents 400 on every call and 413 on every call with a body, as the envelope', () => {
    const failure = { $ref: '#/components/schemas/Failure' };
    const wrong = calls.flatMap((c) => {
      const statuses = c.method === 'POST' ? ['400', '413'] : ['400'];
      return statuses
        .filter(
          (s) =>
            JSON.stringify(c.operation.responses[s]?.content?.['application/json']?.schema) !==
            JSON.stringify(failure),
        )
        .map((s) => `${s} ${c.method} ${c.url}`);
    });
    expect(wrong).toEqual([]);
    expect(doc.components.schemas.Failure).toMatchObject({
      type: 'object',
      required: ['code', 'msg', 'data'],
      properties: { data: { type: 'null' }, reason: { type: 'string' } },
    });
  });
});

describe('the server does what the document says', () => {
  it('refuses a token-less call of every endpoint marked token-required', async () => {
    const wrong: Record<string, unknown> = {};
    for (const c of calls.filter((x) => tokenRequired(x.operation))) {
      const { body } = await tokenless(c, {});
      if (body.code !== expiredCodeFor(c.base) || body.reason !== 'errors.not_logged_in') {
        wrong[`${c.method} ${c.url}`] = body;
      }
    }
    expect(wrong).toEqual({});
  });

  it('serves a token-less call of every endpoint marked optional or open', async () => {
    const wrong: Record<string, unknown> = {};
    for (const c of calls.filter((x) => !tokenRequired(x.operation))) {
      const { status, body } = await tokenless(c, visitorPayload);
      if (status >= 500 || body.code === expiredCodeFor(c.base) || body.reason === 'errors.not_logged_in') {
        wrong[`${c.method} ${c.url}`] = body;
      }
    }
    expect(wrong).toEqual({});
  });
});
