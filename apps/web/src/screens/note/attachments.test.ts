import { IMAGE_MAX_BYTES, POST_FILES_MAX, UPLOAD_MAX_BYTES } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import {
  type Attachment,
  admitFiles,
  attachedFiles,
  attachmentsReducer,
  hasFailed,
  isUploading,
  newAttachment,
  routeFor,
  uploadPercent,
} from './attachments';

const png = (size = 1000) => ({ name: 'shot.png', type: 'image/png', size });
const rom = (size = 40_000) => ({ name: 'game.nes', type: '', size });

function queue(...files: Array<{ name: string; type: string; size: number }>): Attachment[] {
  return attachmentsReducer([], { type: 'add', items: files.map((f, i) => newAttachment(`k${i}`, f)) });
}

describe('routeFor', () => {
  it('sends pictures the image upload re-encodes to upload/file, everything else to upload/big', () => {
    expect(routeFor(png())).toBe('image');
    expect(routeFor({ type: 'image/webp', size: 10 })).toBe('image');
    expect(routeFor(rom())).toBe('file');
    expect(routeFor({ type: 'image/bmp', size: 10 })).toBe('file');
    expect(routeFor({ type: 'image/svg+xml', size: 10 })).toBe('file');
  });

  it('sends a picture too big for the image upload as a file', () => {
    expect(routeFor(png(IMAGE_MAX_BYTES))).toBe('image');
    expect(routeFor(png(IMAGE_MAX_BYTES + 1))).toBe('file');
  });
});

describe('newAttachment', () => {
  it('lists a file under its name as the server keeps it: no bidirectional override, no folders', () => {
    const item = newAttachment('k', { name: 'docs/invoice\u202Etxt.exe', type: '', size: 10 });
    expect(item.name).toBe('invoicetxt.exe');
  });
});

describe('admitFiles', () => {
  it('refuses a file over 500 MB up front and takes the others', () => {
    const big = { size: UPLOAD_MAX_BYTES + 1 };
    const fine = { size: UPLOAD_MAX_BYTES };
    const { accepted, problem } = admitFiles([], [big, fine]);
    expect(accepted).toEqual([fine]);
    expect(problem).toEqual({ key: 'validation.file_too_large' });
  });

  it('takes no more than a post holds', () => {
    const current = queue(...Array.from({ length: POST_FILES_MAX - 1 }, () => png()));
    const { accepted, problem } = admitFiles(current, [{ size: 1 }, { size: 2 }]);
    expect(accepted).toEqual([{ size: 1 }]);
    expect(problem).toEqual({ key: 'validation.max_number', params: { max: POST_FILES_MAX } });
  });

  it('has nothing to say when everything fits', () => {
    expect(admitFiles([], [{ size: 5 }])).toEqual({ accepted: [{ size: 5 }], problem: null });
  });
});

describe('attachmentsReducer', () => {
  it('follows an upload from progress to done', () => {
    let list = queue(png(2000));
    expect(isUploading(list)).toBe(true);
    list = attachmentsReducer(list, { type: 'progress', key: 'k0', sent: 500 });
    expect(uploadPercent(list[0]!)).toBe(25);
    list = attachmentsReducer(list, { type: 'done', key: 'k0', sha256: 'a'.repeat(64) });
    expect(list[0]).toMatchObject({ status: 'done', sent: 2000, sha256: 'a'.repeat(64) });
    expect(uploadPercent(list[0]!)).toBe(100);
    expect(isUploading(list)).toBe(false);
  });

  it('never shows 100% before the server has answered', () => {
    const list = attachmentsReducer(queue(png(2000)), { type: 'progress', key: 'k0', sent: 2000 });
    expect(uploadPercent(list[0]!)).toBe(99);
  });

  it('keeps progress within the file and ignores late reports for a finished upload', () => {
    let list = attachmentsReducer(queue(png(100)), { type: 'progress', key: 'k0', sent: 900 });
    expect(list[0]!.sent).toBe(100);
    list = attachmentsReducer(list, { type: 'done', key: 'k0', sha256: 'b'.repeat(64) });
    const after = attachmentsReducer(list, { type: 'progress', key: 'k0', sent: 3 });
    expect(after[0]).toBe(list[0]);
  });

  it('marks a failure, retries it from zero, and lets it be removed', () => {
    let list = attachmentsReducer(queue(rom(), png()), { type: 'progress', key: 'k0', sent: 10 });
    list = attachmentsReducer(list, { type: 'failed', key: 'k0', error: 'Load failed' });
    expect(list[0]).toMatchObject({ status: 'failed', error: 'Load failed' });
    expect(hasFailed(list)).toBe(true);
    list = attachmentsReducer(list, { type: 'retry', key: 'k0' });
    expect(list[0]).toMatchObject({ status: 'uploading', sent: 0, error: null });
    list = attachmentsReducer(list, { type: 'remove', key: 'k0' });
    expect(list.map((a) => a.key)).toEqual(['k1']);
  });

  it('does not fail an upload that already finished', () => {
    let list = attachmentsReducer(queue(png()), { type: 'done', key: 'k0', sha256: 'c'.repeat(64) });
    list = attachmentsReducer(list, { type: 'failed', key: 'k0', error: 'late' });
    expect(list[0]!.status).toBe('done');
  });
});

describe('attachedFiles', () => {
  it('lists the finished files for create/posts, in the order they were added', () => {
    let list = queue(png(), rom(), { name: 'b.gif', type: 'image/gif', size: 3 });
    list = attachmentsReducer(list, { type: 'done', key: 'k2', sha256: '2'.repeat(64) });
    list = attachmentsReducer(list, { type: 'done', key: 'k0', sha256: '0'.repeat(64) });
    expect(attachedFiles(list)).toEqual([
      { sha256: '0'.repeat(64), name: 'shot.png' },
      { sha256: '2'.repeat(64), name: 'b.gif' },
    ]);
  });
});

it('an empty file counts as sent', () => {
  expect(uploadPercent({ sent: 0, bytes: 0, status: 'uploading' })).toBe(100);
});
