import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { endpoints, endpointUrl, MainCode } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { translator } from '../src/i18n';
import { buildTestApp, type TestApp } from './helper';

const UPLOAD_URL = endpointUrl(endpoints.uploads.uploadFile);
const BOUNDARY = '----pixelhallbrokenform';

/** A whole, valid form: the app field and a small file. */
const FORM = Buffer.from(
  [
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="app"',
    '',
    'images',
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="file"; filename="me.png"',
    'Content-Type: image/png',
    '',
    randomBytes(4096).toString('base64'),
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n'),
);

/** Everything the app logs at error level, from its own logger or any request's. */
const errorLogs: unknown[] = [];
/** Answers the app has sent, or tried to send to a client that has gone. */
let answered = 0;
/** The latest request's connection, to see when the app starts reading its body. */
let latest: IncomingMessage | null = null;

let t: TestApp;
let uploadDir: string;
let token: string;
beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-broken-forms-'));
  t = await buildTestApp({
    config: { uploadDir },
    beforeReady(app) {
      const original = app.log.error.bind(app.log);
      app.log.error = ((...args: unknown[]) => {
        errorLogs.push(args);
        (original as (...a: unknown[]) => void)(...args);
      }) as typeof app.log.error;
      app.addHook('onRequest', async (request) => {
        latest = request.raw;
        const log = request.log;
        const own = log.error.bind(log);
        log.error = ((...args: unknown[]) => {
          errorLogs.push(args);
          (own as (...a: unknown[]) => void)(...args);
        }) as typeof log.error;
      });
      app.addHook('onSend', async () => {
        answered += 1;
      });
    },
  });
  ({ token } = await t.make.member());
});
afterAll(async () => {
  await t.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

async function post(payload: Buffer, contentType: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: UPLOAD_URL,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': 'es-ES' },
    payload,
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
}

async function expectNothingStored() {
  const files = readdirSync(uploadDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
  expect(files).toEqual([]);
  const rows = await t.database.db.selectFrom('uploads').select('sha256').execute();
  expect(rows).toEqual([]);
}

const MALFORMED = translator('es-ES')('errors.malformed_body');

describe('upload/file with a broken form', () => {
  it('refuses a form without a boundary with 400 in the envelope, and closes the connection', async () => {
    const { status, headers, body } = await post(FORM, 'multipart/form-data');
    expect(status).toBe(400);
    expect(headers.connection).toBe('close');
    expect(body).toEqual({
      code: MainCode.Fail,
      msg: MALFORMED,
      data: null,
      reason: 'errors.malformed_body',
    });
    await expectNothingStored();
  });

  it('refuses a junk body with 400 in the envelope', async () => {
    const junk = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\n\u0001\u0002 not a header\r\n\r\n`),
      randomBytes(2048),
    ]);
    const { status, body } = await post(junk, `multipart/form-data; boundary=${BOUNDARY}`);
    expect(status).toBe(400);
    expect(body).toEqual({
      code: MainCode.Fail,
      msg: MALFORMED,
      data: null,
      reason: 'errors.malformed_body',
    });
    await expectNothingStored();
  });

  it('refuses a body that never starts the form with 400 in the envelope', async () => {
    const { status, body } = await post(randomBytes(4096), `multipart/form-data; boundary=${BOUNDARY}`);
    expect(status).toBe(400);
    expect(body).toEqual({
      code: MainCode.Fail,
      msg: MALFORMED,
      data: null,
      reason: 'errors.malformed_body',
    });
    await expectNothingStored();
  });

  it('refuses a form cut off before its end with 400 in the envelope', async () => {
    const cut = FORM.subarray(0, Math.floor(FORM.length * 0.6));
    const { status, body } = await post(cut, `multipart/form-data; boundary=${BOUNDARY}`);
    expect(status).toBe(400);
    expect(body).toEqual({
      code: MainCode.Fail,
      msg: MALFORMED,
      data: null,
      reason: 'errors.malformed_body',
    });
    await expectNothingStored();
  });

  it('logs no error for any of them', () => {
    expect(errorLogs).toEqual([]);
  });
});

describe('upload/file over a real connection', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  const head = (contentType: string, length: number) =>
    [
      `POST ${UPLOAD_URL} HTTP/1.1`,
      'Host: 127.0.0.1',
      `Authorization: Bearer ${token}`,
      `Content-Type: ${contentType}`,
      `Content-Length: ${length}`,
      '',
      '',
    ].join('\r\n');

  it('answers a form without a boundary before its body arrives, and reads no more of it', async () => {
    const socket = connect(port, '127.0.0.1');
    // Announces far more than it sends: an answer that waited for the whole body would never come.
    socket.write(head('multipart/form-data', 5 * 1024 * 1024));
    socket.write(FORM);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    // The server ends the connection itself instead of reading the rest.
    await new Promise<void>((resolve) => socket.on('close', () => resolve()).on('error', () => {}));
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    await expectNothingStored();
  });

  it('refuses a form announcing more than an image at its limit before reading any of it', async () => {
    const socket = connect(port, '127.0.0.1');
    socket.write(head(`multipart/form-data; boundary=${BOUNDARY}`, 50 * 1024 * 1024));
    socket.write(randomBytes(4096));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    await new Promise<void>((resolve) => socket.on('close', () => resolve()).on('error', () => {}));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(answer).toContain(translator('en-US')('errors.image_too_large', { max: '10 MB' }));
    await expectNothingStored();
  });

  it('logs no error when the client goes away halfway through the form', async () => {
    errorLogs.length = 0;
    const before = answered;
    latest = null;
    const socket = connect(port, '127.0.0.1');
    socket.write(head(`multipart/form-data; boundary=${BOUNDARY}`, FORM.length));
    socket.write(FORM.subarray(0, Math.floor(FORM.length / 2)));
    // Gone once the app reads the form (its body then flows into the parser).
    await vi.waitFor(() => expect(latest?.readableFlowing).toBe(true));
    socket.destroy();
    await vi.waitFor(() => expect(answered).toBeGreaterThan(before));
    await new Promise((resolve) => setImmediate(resolve));
    expect(errorLogs).toEqual([]);
    await expectNothingStored();
  });
});
