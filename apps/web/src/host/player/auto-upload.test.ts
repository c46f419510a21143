import type { ArchiveUploadResult } from '@pixelhall/contract/host';
import { describe, expect, it, vi } from 'vitest';
import { type AutoUploadDeps, autoUploadSlot, queueAutoUpload, shouldAutoUpload } from './auto-upload';

const ref = { romMd5: 'abc', slot: 3 };
const uploaded: ArchiveUploadResult = { status: 'uploaded', cloudSlotId: 7, cloudVersionId: 70 };
const conflictFrom = (deviceId: string): ArchiveUploadResult => ({
  status: 'conflict',
  cloud: { cloudSlotId: 7, cloudVersionId: 71, time: 5, deviceId, bytes: 100 },
});

function deps(results: (ArchiveUploadResult | Error)[], change: Partial<AutoUploadDeps> = {}) {
  const upload = vi.fn(async (_ref: typeof ref, _overwrite: boolean) => {
    const next = results.shift();
    if (!next) throw new Error('no more uploads expected');
    if (next instanceof Error) throw next;
    return next;
  });
  const notify = vi.fn();
  return {
    upload,
    notify,
    deps: {
      enabled: () => true,
      signedIn: () => true,
      deviceId: () => 'web-me',
      upload,
      notify,
      ...change,
    } satisfies AutoUploadDeps,
  };
}

describe('uploading saves automatically', () => {
  it('only with the setting on and a member signed in', async () => {
    expect([
      shouldAutoUpload(true, true),
      shouldAutoUpload(true, false),
      shouldAutoUpload(false, true),
    ]).toEqual([true, false, false]);
    const off = deps([uploaded], { enabled: () => false });
    expect(await autoUploadSlot(ref, off.deps)).toBe('skipped');
    const guest = deps([uploaded], { signedIn: () => false });
    expect(await autoUploadSlot(ref, guest.deps)).toBe('skipped');
    expect(off.upload).not.toHaveBeenCalled();
    expect(guest.upload).not.toHaveBeenCalled();
    expect(off.notify).not.toHaveBeenCalled();
  });

  it('uploads without overwriting and says so', async () => {
    const run = deps([uploaded]);
    expect(await autoUploadSlot(ref, run.deps)).toBe('uploaded');
    expect(run.upload.mock.calls).toEqual([[ref, false]]);
    expect(run.notify).toHaveBeenCalledWith('uploaded', 3);
  });

  it('never overwrites another device’s newer save: the slot stays unsynced', async () => {
    const run = deps([conflictFrom('web-other')]);
    expect(await autoUploadSlot(ref, run.deps)).toBe('conflict');
    expect(run.upload.mock.calls).toEqual([[ref, false]]);
    expect(run.notify).toHaveBeenCalledWith('conflict', 3);
  });

  it('replaces this device’s own earlier upload of the slot', async () => {
    const run = deps([conflictFrom('web-me'), uploaded]);
    expect(await autoUploadSlot(ref, run.deps)).toBe('uploaded');
    expect(run.upload.mock.calls).toEqual([
      [ref, false],
      [ref, true],
    ]);
  });

  it('reports a failed upload with its reason', async () => {
    const run = deps([new Error('Network down')]);
    expect(await autoUploadSlot(ref, run.deps)).toBe('failed');
    expect(run.notify).toHaveBeenCalledWith('failed', 3, 'Network down');
  });

  it('uploads one slot’s saves one after another', async () => {
    let release = () => {};
    const order: string[] = [];
    const first = deps([]);
    first.deps.upload = async () => {
      order.push('first start');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      order.push('first end');
      return uploaded;
    };
    const second = deps([]);
    second.deps.upload = async () => {
      order.push('second');
      return uploaded;
    };
    const a = queueAutoUpload(ref, first.deps);
    const b = queueAutoUpload(ref, second.deps);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(order).toEqual(['first start']);
    release();
    expect(await Promise.all([a, b])).toEqual(['uploaded', 'uploaded']);
    expect(order).toEqual(['first start', 'first end', 'second']);
  });
});
