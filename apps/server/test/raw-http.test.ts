import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MessageKey } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { sha256, tus } from './support/tus-client';

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

describe('connections that stall, and addresses that hold too many', () => {
  const IDLE_MS = 500;
  const CAP = 4;
  let g: TestApp;
  let gPort: number;
  let uploadDir: string;
  beforeAll(async () => {
    uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-raw-'));
    g = await buildTestApp({
      config: { idleTimeoutMs: IDLE_MS, maxConnectionsPerAddress: CAP, uploadDir },
      beforeReady: (app) => {
        // Work that keeps the connection quiet for longer than the idle time.
        app.get('/slow-work', { schema: { hide: true } }, async () => {
          await sleep(2.5 * IDLE_MS);
          return { done: true };
        });
      },
    });
    await g.app.listen({ host: '127.0.0.1', port: 0 });
    gPort = (g.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await g.close();
    rmSync(uploadDir, { recursive: true, force: true });
  });

  interface Conversation {
    socket: net.Socket;
    /** Everything the server sent until it closed the connection. */
    closed: Promise<{ text: string; afterMs: number }>;
  }

  /** A connection from `from` (a loopback address) that reports all it got once the server closes it. */
  async function open(from = '127.0.0.1'): Promise<Conversation> {
    const socket = net.connect({ port: gPort, host: '127.0.0.1', localAddress: from });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    const started = Date.now();
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    // A refused connection may be reset rather than closed; either way the server is done with it.
    socket.on('error', () => {});
    const closed = new Promise<{ text: string; afterMs: number }>((resolve) =>
      socket.once('close', () =>
        resolve({ text: Buffer.concat(chunks).toString('utf8'), afterMs: Date.now() - started }),
      ),
    );
    return { socket, closed };
  }

  /** Sends one keep-alive request and waits for its whole answer (a JSON body with Content-Length). */
  function ask(socket: net.Socket, head: string): Promise<string> {
    return new Promise((resolve, reject) => {
      let text = '';
      const onData = (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const split = text.indexOf('\r\n\r\n');
        const length = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, split));
        if (split >= 0 && length && text.length >= split + 4 + Number(length[1])) {
          socket.off('data', onData);
          resolve(text);
        }
      };
      socket.on('data', onData);
      socket.once('close', () => reject(new Error(`closed after ${JSON.stringify(text)}`)));
      socket.write(`${head}\r\n\r\n`);
    });
  }

  const statusOf = (text: string) => Number(text.slice(9, 12));
  const bodyOf = (text: string) => text.slice(text.indexOf('\r\n\r\n') + 4);

  it('answers a body that stops coming with a translated 408 and closes, after the idle time', async () => {
    const { socket, closed } = await open();
    socket.write(
      'POST /api/get/options HTTP/1.1\r\nHost: x\r\nAccept-Language: ja-JP\r\n' +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na',
    );
    const { text, afterMs } = await closed;
    expect(statusOf(text)).toBe(408);
    expectEnvelope(
      bodyOf(text),
      'errors.request_timeout',
      'リクエストに時間がかかりすぎました。もう一度お試しください。',
    );
    expect(afterMs).toBeGreaterThanOrEqual(IDLE_MS - 50);
  });

  it('answers a request whose headers stop coming with a 408', async () => {
    const { socket, closed } = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Half');
    const { text } = await closed;
    expect(statusOf(text)).toBe(408);
    expectEnvelope(bodyOf(text), 'errors.request_timeout', 'The request took too long. Please try again.');
  });

  it('closes a connection that never sends anything', async () => {
    const { closed } = await open();
    expect((await closed).text).toBe('');
  });

  it('takes an upload that trickles in for longer than the idle time, a byte at a time', async () => {
    const member = await g.make.member();
    const data = Buffer.from('slow but steady\n');
    const origin = `http://127.0.0.1:${gPort}`;
    const created = await tus.create(origin, member.token, data.length, 'slow.txt');
    expect(created.status).toBe(201);
    const { socket } = await open();
    const answer = ask(
      socket,
      `PATCH ${created.headers.get('location')} HTTP/1.1\r\nHost: x\r\nTus-Resumable: 1.0.0\r\n` +
        `Authorization: Bearer ${member.token}\r\nUpload-Offset: 0\r\n` +
        `Content-Type: application/offset+octet-stream\r\nContent-Length: ${data.length}`,
    );
    const started = Date.now();
    // A byte every fifth of the idle time: the whole body takes several idle times.
    for (const byte of data) {
      await sleep(IDLE_MS / 5);
      socket.write(Buffer.from([byte]));
    }
    const text = await answer;
    expect(Date.now() - started).toBeGreaterThan(2 * IDLE_MS);
    expect(statusOf(text)).toBe(200);
    expect(text).toMatch(new RegExp(`\\r\\nupload-offset: ${data.length}\\r\\n`, 'i'));
    expect(JSON.parse(bodyOf(text)).data).toMatchObject({ sha256: sha256(data), bytes: data.length });
    socket.destroy();
  });

  it('waits for the server itself past the idle time', async () => {
    const { socket } = await open();
    const text = await ask(socket, 'GET /slow-work HTTP/1.1\r\nHost: x');
    expect(statusOf(text)).toBe(200);
    expect(JSON.parse(bodyOf(text))).toEqual({ done: true });
    socket.destroy();
  });

  it(`refuses a ${CAP + 1}th connection from one address, logged, while another address connects`, async () => {
    // Addresses of their own: the other tests' connections (a client's keep-alive) count elsewhere.
    const [crowd, bystander] = ['127.0.0.3', '127.0.0.4'];
    const warn = vi.spyOn(g.app.log, 'warn');
    const held = await Promise.all(Array.from({ length: CAP }, () => open(crowd)));
    // Each is really accepted: it gets an answer.
    for (const { socket } of held)
      expect(statusOf(await ask(socket, 'GET /healthz HTTP/1.1\r\nHost: x'))).toBe(200);

    const refused = await open(crowd);
    expect((await refused.closed).text).toBe('');
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ address: crowd, max: CAP }),
      'connections refused: over the per-address cap',
    );

    const other = await open(bystander);
    expect(statusOf(await ask(other.socket, 'GET /healthz HTTP/1.1\r\nHost: x'))).toBe(200);

    // A connection closed frees its place.
    held[0]!.socket.destroy();
    await held[0]!.closed;
    const next = await waitForAcceptance(crowd);
    expect(statusOf(await ask(next.socket, 'GET /healthz HTTP/1.1\r\nHost: x'))).toBe(200);
    for (const { socket } of [...held, other, next]) socket.destroy();
    warn.mockRestore();
  });

  /** The server counts a close when its side sees it, a moment after ours: try until a place is free. */
  async function waitForAcceptance(from: string): Promise<Conversation> {
    for (;;) {
      const attempt = await open(from);
      const outcome = await Promise.race([
        attempt.closed.then(() => 'refused' as const),
        ask(attempt.socket, 'GET /healthz HTTP/1.1\r\nHost: x').then(
          () => 'accepted' as const,
          () => 'refused' as const,
        ),
      ]);
      if (outcome === 'accepted') return attempt;
    }
  }
});
