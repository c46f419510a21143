import type { ArchiveUploadResult } from '@pixelhall/contract/host';
import { describe, expect, it, vi } from 'vitest';
import { type CloudConflict, type ConflictChoice, runUpload } from './cloud-sync-flow';

const cloud = (version: number): CloudConflict => ({
  cloudSlotId: 7,
  cloudVersionId: version,
  time: 1_700_000_000_000,
  deviceId: 'web-other',
  bytes: 2048,
});
const uploaded: ArchiveUploadResult = { status: 'uploaded', cloudSlotId: 7, cloudVersionId: 99 };
const conflict = (version: number): ArchiveUploadResult => ({ status: 'conflict', cloud: cloud(version) });

function deps(answers: ArchiveUploadResult[], choices: ConflictChoice[]) {
  return {
    upload: vi.fn(async (_overwrite: boolean) => answers.shift() ?? uploaded),
    ask: vi.fn(async (_c: CloudConflict) => choices.shift() ?? 'cancel'),
    download: vi.fn(async (_c: CloudConflict) => {}),
  };
}

describe('runUpload', () => {
  it('uploads without asking when the cloud has nothing newer', async () => {
    const d = deps([uploaded], []);
    await expect(runUpload(d)).resolves.toBe('uploaded');
    expect(d.upload).toHaveBeenCalledExactlyOnceWith(false);
    expect(d.ask).not.toHaveBeenCalled();
  });

  it('overwrites only after the member chose to', async () => {
    const d = deps([conflict(5), uploaded], ['overwrite']);
    await expect(runUpload(d)).resolves.toBe('overwritten');
    expect(d.ask).toHaveBeenCalledExactlyOnceWith(cloud(5));
    expect(d.upload.mock.calls).toEqual([[false], [true]]);
    expect(d.download).not.toHaveBeenCalled();
  });

  it('keeps the cloud save by downloading the version it was shown', async () => {
    const d = deps([conflict(5)], ['download']);
    await expect(runUpload(d)).resolves.toBe('downloaded');
    expect(d.download).toHaveBeenCalledExactlyOnceWith(cloud(5));
    expect(d.upload).toHaveBeenCalledTimes(1);
  });

  it('changes nothing when the member cancels', async () => {
    const d = deps([conflict(5)], ['cancel']);
    await expect(runUpload(d)).resolves.toBe('cancelled');
    expect(d.upload).toHaveBeenCalledTimes(1);
    expect(d.download).not.toHaveBeenCalled();
  });

  it('asks again when another save got in before the overwrite', async () => {
    const d = deps([conflict(5), conflict(6), uploaded], ['overwrite', 'cancel']);
    await expect(runUpload(d)).resolves.toBe('cancelled');
    expect(d.ask.mock.calls).toEqual([[cloud(5)], [cloud(6)]]);
    expect(d.upload).toHaveBeenCalledTimes(2);
  });

  it('passes a failed upload on', async () => {
    const d = deps([], []);
    d.upload.mockRejectedValueOnce(new Error('Load failed'));
    await expect(runUpload(d)).rejects.toThrow('Load failed');
    expect(d.ask).not.toHaveBeenCalled();
  });
});
