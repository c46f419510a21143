import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Locale, type MessageKey, UPLOAD_MAX_BYTES } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { translator } from '../src/i18n';
import { buildTestApp, type TestApp } from './helper';
import { b64, tus } from './support/tus-client';

/*
 * Every refusal of upload/big is the translated envelope as JSON, with the status and the headers
 * the tus protocol gives it, including those @tus/server writes itself as plain text.
 */
let t: TestApp;
let dir: string;
let origin: string;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-tus-refusals-'));
  t = await buildTestApp({ config: { uploadDir: dir } });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  token = (await t.make.member()).token;
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const OCTETS = 'application/offset+octet-stream';
const named = `filename ${b64('notes.txt')}`;

/** A request with exactly these headers (no Tus-Resumable unless given), in `locale`. */
function send(method: string, url: string, headers: Record<string, string>, locale: Locale, body?: Buffer) {
  return fetch(origin + url, {
    method,
    headers: { authorization: `Bearer ${token}`, 'accept-language': locale, ...headers },
    body,
  });
}

async function expectRefusal(res: Response, status: number, reason: MessageKey, locale: Locale) {
  expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({
    status,
    type: 'application/json; charset=utf-8',
  });
  expect(res.headers.get('tus-resumable')).toBe('1.0.0');
  expect(await res.json()).toEqual({ code: 0, msg: translator(locale)(reason), data: null, reason });
}

async function created(length = 10): Promise<string> {
  const res = await tus.create(origin, token, length, 'notes.txt');
  expect(res.status).toBe(201);
  return res.headers.get('location')!;
}

describe('upload/big refusals', () => {
  it('asks for the protocol version, and names the one it speaks (412)', async () => {
    const missing = await send(
      'POST',
      tus.path,
      { 'upload-length': '10', 'upload-metadata': named },
      'ja-JP',
    );
    expect(missing.headers.get('tus-version')).toBe('1.0.0');
    await expectRefusal(missing, 412, 'errors.tus_resumable_required', 'ja-JP');

    const other = await send(
      'POST',
      tus.path,
      { 'tus-resumable': '0.2.2', 'upload-length': '10', 'upload-metadata': named },
      'ko-KR',
    );
    expect(other.headers.get('tus-version')).toBe('1.0.0');
    await expectRefusal(other, 412, 'errors.tus_version_unsupported', 'ko-KR');
  });

  it.each([
    ['a negative length', { 'upload-length': '-1' }, 400, 'errors.upload_length_invalid'],
    ['a length that is no number', { 'upload-length': 'ten' }, 400, 'errors.upload_length_invalid'],
    ['a length past any integer', { 'upload-length': '9'.repeat(30) }, 400, 'errors.upload_length_invalid'],
    [
      'a length over the limit',
      { 'upload-length': String(UPLOAD_MAX_BYTES * 4) },
      413,
      'validation.file_too_large',
    ],
    ['a deferral other than 1', { 'upload-defer-length': '2' }, 400, 'errors.upload_length_invalid'],
    ['neither length nor deferral', {}, 400, 'errors.upload_length_required'],
    [
      'both length and deferral',
      { 'upload-length': '10', 'upload-defer-length': '1' },
      400,
      'errors.upload_length_required',
    ],
    [
      'unreadable metadata',
      { 'upload-length': '10', 'upload-metadata': 'filename %%%,, x' },
      400,
      'errors.upload_metadata_invalid',
    ],
    [
      'a concatenation',
      { 'upload-length': '10', 'upload-concat': 'partial' },
      400,
      'errors.upload_extension_unsupported',
    ],
    [
      'a broken concatenation',
      { 'upload-length': '10', 'upload-concat': 'whole' },
      400,
      'errors.upload_extension_unsupported',
    ],
  ] as const)('refuses a creation with %s', async (_what, headers, status, reason) => {
    const before = await t.database.db.selectFrom('big_uploads').select('id').execute();
    const res = await send(
      'POST',
      tus.path,
      { 'tus-resumable': '1.0.0', 'upload-metadata': named, ...headers },
      'pt-BR',
    );
    await expectRefusal(res, status, reason, 'pt-BR');
    expect(await t.database.db.selectFrom('big_uploads').select('id').execute()).toEqual(before);
  });

  it('refuses a PATCH with a wrong or missing offset or type, and one past the declared length', async () => {
    const location = await created(10);
    const patch = (headers: Record<string, string>, body = randomBytes(4)) =>
      send('PATCH', location, { 'tus-resumable': '1.0.0', ...headers }, 'es-ES', body);
    await expectRefusal(
      await patch({ 'upload-offset': 'zero', 'content-type': OCTETS }),
      400,
      'errors.upload_offset_invalid',
      'es-ES',
    );
    await expectRefusal(
      await patch({ 'content-type': OCTETS }),
      403,
      'errors.upload_offset_invalid',
      'es-ES',
    );
    await expectRefusal(
      await patch({ 'upload-offset': '0', 'content-type': 'text/plain' }),
      400,
      'errors.upload_content_type_invalid',
      'es-ES',
    );
    await expectRefusal(
      await patch({ 'upload-offset': '0' }),
      403,
      'errors.upload_content_type_invalid',
      'es-ES',
    );
    await expectRefusal(
      await patch({ 'upload-offset': '3', 'content-type': OCTETS }),
      409,
      'errors.upload_offset_conflict',
      'es-ES',
    );
    await expectRefusal(
      await patch({ 'upload-offset': '0', 'content-type': OCTETS, 'upload-length': '10' }),
      400,
      'errors.upload_length_invalid',
      'es-ES',
    );
    // Nothing of the refused requests was written.
    expect((await tus.head(origin, token, location)).headers.get('upload-offset')).toBe('0');
    await expectRefusal(
      await patch({ 'upload-offset': '0', 'content-type': OCTETS }, randomBytes(11)),
      413,
      'errors.upload_size_exceeded',
      'es-ES',
    );
  });

  it('answers an unknown upload 404 in the envelope, whatever its id', async () => {
    for (const id of ['0'.repeat(32), 'not-an-id', '..%2F..%2Fetc%2Fpasswd', '%00']) {
      const res = await send(
        'PATCH',
        `${tus.path}/${id}`,
        { 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': OCTETS },
        'pt-PT',
        randomBytes(4),
      );
      await expectRefusal(res, 404, 'errors.not_found', 'pt-PT');
    }
    const head = await send('HEAD', `${tus.path}/${'0'.repeat(32)}`, { 'tus-resumable': '1.0.0' }, 'pt-PT');
    expect({ status: head.status, type: head.headers.get('content-type') }).toEqual({
      status: 404,
      type: 'application/json; charset=utf-8',
    });
  });

  it('leaves another member’s upload alone when a creation naming it in its path is refused', async () => {
    const theirs = await created(10);
    const res = await send(
      'POST',
      theirs,
      { 'tus-resumable': '1.0.0', 'upload-length': String(UPLOAD_MAX_BYTES + 1), 'upload-metadata': named },
      'en-US',
    );
    await expectRefusal(res, 413, 'validation.file_too_large', 'en-US');
    const head = await tus.head(origin, token, theirs);
    expect(head.status).toBe(200);
  });

  it('counts a deferred upload at a length only once tus has taken it, not at one it refused', async () => {
    const deferred = await tus.create(origin, token, null, 'later.bin');
    const location = deferred.headers.get('location')!;
    const id = location.split('/').pop()!;
    const declared = async () =>
      (
        await t.database.db
          .selectFrom('big_uploads')
          .select('declared_bytes')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).declared_bytes;
    expect((await tus.patch(origin, token, location, 0, randomBytes(8))).status).toBe(204);
    // A length below what was sent: refused, and the upload still counts as deferred.
    await expectRefusal(
      await tus.patch(origin, token, location, 8, randomBytes(2), {
        'upload-length': '4',
        'accept-language': 'en-US',
      }),
      400,
      'errors.upload_length_invalid',
      'en-US',
    );
    expect(await declared()).toBeNull();
    expect(
      (await tus.patch(origin, token, location, 8, randomBytes(2), { 'upload-length': '20' })).status,
    ).toBe(204);
    await vi.waitFor(async () => expect(Number(await declared())).toBe(20));
  });
});
