import { describe, expect, it } from 'vitest';
import { decodeBase64Utf8, readUploadResult } from './upload-result';

const stored = {
  sha256: 'f'.repeat(64),
  name: 'Pokémon ☆.gb',
  mime: 'application/octet-stream',
  bytes: 1_048_576,
};
const utf8Base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const response = (header: string | undefined, body = '') => ({
  getHeader: (name: string) => (name === 'Upload-Result' ? header : undefined),
  getBody: () => body,
});

describe('readUploadResult', () => {
  it('reads the stored file from the Upload-Result header, names in UTF-8 included', () => {
    expect(decodeBase64Utf8(utf8Base64('Pokémon ☆'))).toBe('Pokémon ☆');
    expect(readUploadResult(response(utf8Base64(JSON.stringify(stored))))).toEqual({
      kind: 'stored',
      file: stored,
    });
  });

  it('falls back to the envelope of the last response', () => {
    const body = JSON.stringify({ code: 1, msg: 'OK', data: stored });
    expect(readUploadResult(response(undefined, body))).toEqual({ kind: 'stored', file: stored });
    expect(readUploadResult(response('not base64 json', body))).toEqual({ kind: 'stored', file: stored });
  });

  it('hands on the server refusal', () => {
    const envelope = { code: 0, msg: 'The upload is not complete', data: null };
    expect(readUploadResult(response(undefined, JSON.stringify(envelope)))).toEqual({
      kind: 'refused',
      envelope,
    });
  });

  it('says when nothing in the answer is a stored file', () => {
    expect(readUploadResult(response(utf8Base64(JSON.stringify({ name: 'x' }))))).toEqual({
      kind: 'unreadable',
    });
    expect(readUploadResult(response(undefined, ''))).toEqual({ kind: 'unreadable' });
    expect(
      readUploadResult(response(undefined, JSON.stringify({ code: 1, msg: '', data: { sha256: 1 } }))),
    ).toEqual({
      kind: 'unreadable',
    });
  });
});
