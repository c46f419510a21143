import type { ArchiveSlotRef, ArchiveUploadResult } from '@pixelhall/contract/host';

/**
 * The emulator setting "upload saves automatically": after the player saves a slot, the slot goes
 * to the cloud when the setting is on and a member is signed in. It runs in the host, beside the
 * player, so it never asks anything over a running game: a newer cloud save from another device
 * leaves the slot unsynced and says where to settle it (the archives screen, which asks).
 */

export type AutoUploadOutcome = 'skipped' | 'uploaded' | 'conflict' | 'failed';

export interface AutoUploadDeps {
  /** The setting, read when the save lands (it may change during play). */
  enabled(): boolean;
  signedIn(): boolean;
  /** The host's `archiveUpload`. */
  upload(ref: ArchiveSlotRef, overwrite: boolean): Promise<ArchiveUploadResult>;
  /** This device's id, as cloud saves record it. */
  deviceId(): string;
  notify(outcome: Exclude<AutoUploadOutcome, 'skipped'>, slot: number, reason?: string): void;
}

/** Whether a saved slot goes to the cloud by itself. */
export function shouldAutoUpload(enabled: boolean, signedIn: boolean): boolean {
  return enabled && signedIn;
}

/**
 * Uploads one saved slot. A conflict whose newest cloud save came from this very device (an
 * earlier save of this slot whose upload was still running when the member saved again, so the
 * slot's base version is behind) replaces only this device's own save and is overwritten; any
 * other device's save is never overwritten here.
 */
export async function autoUploadSlot(ref: ArchiveSlotRef, deps: AutoUploadDeps): Promise<AutoUploadOutcome> {
  if (!shouldAutoUpload(deps.enabled(), deps.signedIn())) return 'skipped';
  try {
    let result = await deps.upload(ref, false);
    if (result.status === 'conflict' && result.cloud.deviceId === deps.deviceId())
      result = await deps.upload(ref, true);
    const outcome = result.status === 'uploaded' ? 'uploaded' : 'conflict';
    deps.notify(outcome, ref.slot);
    return outcome;
  } catch (err) {
    deps.notify('failed', ref.slot, err instanceof Error ? err.message : String(err));
    return 'failed';
  }
}

const queues = new Map<string, Promise<unknown>>();

/**
 * One upload at a time per slot, in save order: a second save while the first still uploads
 * waits for it, then meets the version it made as this device's own (see above) and replaces it.
 */
export function queueAutoUpload(ref: ArchiveSlotRef, deps: AutoUploadDeps): Promise<AutoUploadOutcome> {
  const key = `${ref.romMd5}:${ref.slot}`;
  const run = (queues.get(key) ?? Promise.resolve()).then(() => autoUploadSlot(ref, deps));
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}
