import type { ArchiveUploadResult } from '@pixelhall/contract/host';

/** The newer cloud save an upload ran into. */
export type CloudConflict = Extract<ArchiveUploadResult, { status: 'conflict' }>['cloud'];

/** What the member chose when the cloud slot was newer than this device's last sync. */
export type ConflictChoice = 'download' | 'overwrite' | 'cancel';

export type UploadOutcome = 'uploaded' | 'overwritten' | 'downloaded' | 'cancelled';

export interface UploadFlowDeps {
  upload(overwrite: boolean): Promise<ArchiveUploadResult>;
  /** Asks the member; never answered without them. */
  ask(conflict: CloudConflict): Promise<ConflictChoice>;
  /** Replaces the local slot with the cloud save the conflict named. */
  download(conflict: CloudConflict): Promise<void>;
}

/**
 * An upload that never overwrites a newer cloud save silently: a conflict is put to the member,
 * who keeps the cloud save (download), overwrites it, or leaves both as they are. An overwrite
 * that still meets a newer save (another device saved in between) asks again about that one.
 */
export async function runUpload(deps: UploadFlowDeps): Promise<UploadOutcome> {
  let overwrite = false;
  for (;;) {
    const result = await deps.upload(overwrite);
    if (result.status === 'uploaded') return overwrite ? 'overwritten' : 'uploaded';
    const choice = await deps.ask(result.cloud);
    if (choice === 'cancel') return 'cancelled';
    if (choice === 'download') {
      await deps.download(result.cloud);
      return 'downloaded';
    }
    overwrite = true;
  }
}
