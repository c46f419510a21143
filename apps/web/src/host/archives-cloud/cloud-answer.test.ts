import type { ErrorReason } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import type { ApiErrorKind } from '../../api/client';
import { conflictResult, conflictVersion, iconForSave, uploadProgress } from './cloud-answer';

/** An ApiError's shape (the client module itself pulls in the toast UI). */
class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly envelope?: { code: number; msg: string; data: unknown; reason?: ErrorReason },
  ) {
    super(message);
  }
}

const newer = {
  version_id: 12,
  id: 3,
  slot: 2,
  rom_md5: 'a'.repeat(32),
  archive_md5: 'b'.repeat(32),
  bytes: 4096,
  core_name: 'fceumm',
  device_id: 'web-other',
  base_version: 11,
  add_time: 1_700_000_000_000,
  archive_path_text: '/upload/download/archive?id=12&key=k',
  archive_img_text: null,
};

describe('conflictVersion', () => {
  it('reads the newer version a refused save carries', () => {
    const err = new ApiError('business', 'conflict', {
      code: 0,
      msg: 'conflict',
      data: newer,
      reason: 'game.archive_conflict',
    });
    expect(conflictVersion(err)).toEqual(newer);
    expect(conflictResult(newer)).toEqual({
      status: 'conflict',
      cloud: {
        cloudSlotId: 3,
        cloudVersionId: 12,
        time: 1_700_000_000_000,
        deviceId: 'web-other',
        bytes: 4096,
      },
    });
  });

  it('is null for failures without a version', () => {
    expect(conflictVersion(new ApiError('business', 'x', { code: 0, msg: 'x', data: null }))).toBeNull();
    expect(conflictVersion(new ApiError('network', 'x'))).toBeNull();
    expect(conflictVersion(new ApiError('expired', 'x', { code: 10001, msg: 'x', data: newer }))).toBeNull();
    expect(conflictVersion(new Error('x'))).toBeNull();
  });

  it('is null for another refusal, even one whose data looks like a version', () => {
    const other = { code: 0, msg: 'x', data: newer, reason: 'errors.not_found' as const };
    expect(conflictVersion(new ApiError('business', 'x', other))).toBeNull();
  });
});

describe('iconForSave', () => {
  it('keeps server paths and web addresses only', () => {
    expect(iconForSave('/upload/covers/a.webp')).toBe('/upload/covers/a.webp');
    expect(iconForSave('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(iconForSave('data:image/png;base64,AAAA')).toBe('');
    expect(iconForSave('//evil.example/a.png')).toBe('');
    expect(iconForSave('')).toBe('');
  });
});

describe('uploadProgress', () => {
  it('maps each part onto its share of 0…100', () => {
    expect(uploadProgress('state', 0)).toBe(0);
    expect(uploadProgress('state', 0.5)).toBe(40);
    expect(uploadProgress('image', 1)).toBe(95);
    expect(uploadProgress('save', 1)).toBe(100);
    expect(uploadProgress('state', Number.NaN)).toBe(0);
    expect(uploadProgress('image', 3)).toBe(95);
  });
});
