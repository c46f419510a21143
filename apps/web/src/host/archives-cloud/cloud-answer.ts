import { type ArchiveVersion, archiveVersionSchema } from '@pixelhall/contract';
import type { ArchiveUploadResult } from '@pixelhall/contract/host';
import type { ApiError } from '../../api/client';

/**
 * The newer cloud version a refused save carries: the server refuses a save over a version this
 * device has not seen with the reason `game.archive_conflict` and that version as `data`. Null for
 * any other failure.
 */
export function conflictVersion(err: unknown): ArchiveVersion | null {
  // Read by shape: the client module (and its toasts) stays out of this pure helper.
  const api = err as Partial<Pick<ApiError, 'kind' | 'envelope'>> | null;
  if (!(err instanceof Error) || api?.kind !== 'business' || !api.envelope) return null;
  if (api.envelope.reason !== 'game.archive_conflict') return null;
  const parsed = archiveVersionSchema.safeParse(api.envelope.data);
  return parsed.success ? parsed.data : null;
}

export function conflictResult(newer: ArchiveVersion): ArchiveUploadResult {
  return {
    status: 'conflict',
    cloud: {
      cloudSlotId: newer.id,
      cloudVersionId: newer.version_id,
      time: newer.add_time,
      deviceId: newer.device_id,
      bytes: newer.bytes,
    },
  };
}

/** saveArchive's `icon_image` takes a server path or a web address; anything else is left out. */
export function iconForSave(cover: string): string {
  return /^(\/[^/].*|https?:\/\/.+)$/.test(cover) ? cover : '';
}

/**
 * Overall progress of an upload from its parts: the state file is most of the bytes, the
 * screenshot a little, and the save call the last step.
 */
export function uploadProgress(part: 'state' | 'image' | 'save', fraction: number): number {
  const clamp = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  const [from, to] = part === 'state' ? [0, 80] : part === 'image' ? [80, 95] : [95, 100];
  return Math.round(from + (to - from) * clamp);
}
