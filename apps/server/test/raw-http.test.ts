import net from 'node:net';
import type { MessageKey } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';

// Node's HTTP parser answers some requests before Fastify sees them; inject() skips that parser,
// so these tests speak HTTP over a real socket.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Sends `head` (request line and headers) and reads the whole answer until the server closes. */
function raw(head: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head}\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status: Number(text.slice(9, 12)),
        headers: text.slice(0, split),
        body: text.slice(split + 4),
      });
    });
  });
}

function expectEnvelope(body: string, reason: MessageKey, msg?: string) {
  const parsed = JSON.parse(body);
  expect(parsed).toMatchObject({ code: 0, data: null, reason });
  expect(typeof parsed.msg).toBe('string');
  if (msg) expect(parsed.msg).toBe(msg);
  return parsed as { code: number; msg: string; data: null; reason: MessageKey };
}

describe('requests Node rejects before routing still get the envelope', () => {
  it('answers an over-long URL with 431 and a translated envelope', async () => {
    const url = `/api/get/options?name=${'a'.repeat(20_000)}`;
    const en = await raw(`GET ${url} HTTP/1.1\r\nHost: x\r\nAccept-Language: en-US`);
    expect(en.status).toBe(431);
    expect(en.headers).toMatch(/content-type: application\/json/i);
    expectEnvelope(en.body, 'errors.payload_too_large', 'The request is too large.');
    const ja = await raw(`GET ${url} HTTP/1.1\r\nHost: x\r\nAccept-Language: ja-JP`);
    expect(ja.status).toBe(431);
    expectEnvelope(ja.body, 'errors.payload_too_large', 'リクエストのサイズが大きすぎます。');
  });

  it('answers an over-large header block with 431', async () => {
    const res = await raw(`POST /api/get/options HTTP/1.1\r\nHost: x\r\nX-Filler: ${'b'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expectEnvelope(res.body, 'errors.payload_too_large', 'The request is too large.');
  });

  it('answers garbage on the wire with 400', async () => {
    const res = await raw('NOT A REQUEST\r\nHost: x');
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 'errors.invalid_payload', 'The request is not valid.');
  });
});

describe('URLs the router cannot read get the envelope', () => {
  it('answers a bad percent-encoding in the path with 400', async () => {
    const res = await raw('GET /api/get/%zzoptions HTTP/1.1\r\nHost: x\r\nConnection: close');
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 'errors.invalid_payload', 'The request is not valid.');
  });

  it('answers a bad percent-encoding in the query without a 5xx', async () => {
    const res = await raw('GET /api/get/options?name=%zz%E0%A4 HTTP/1.1\r\nHost: x\r\nConnection: close');
    expect(res.status).toBeLessThan(500);
    expect(JSON.parse(res.body)).toMatchObject({ code: expect.any(Number), data: null });
  });

  it('answers a path parameter over the router limit with a 414 envelope', async () => {
    const res = await raw(
      `GET /upload/files/${'c'.repeat(500)}.png HTTP/1.1\r\nHost: x\r\nConnection: close`,
    );
    expect(res.status).toBe(414);
    expectEnvelope(res.body, 'errors.payload_too_large', 'The request is too large.');
  });
});
