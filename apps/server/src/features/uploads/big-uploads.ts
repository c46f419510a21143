import type { BigUpload } from '@pixelhall/contract';
import { ERRORS, type Upload } from '@tus/server';
import type { BigUploadRow, BigUploadsRepo } from './big-uploads-repo';
import { SIGNATURE_BYTES, typeOfUpload } from './file-types';
import type { StorageQuota } from './quota';
import type { UploadsRepo } from './repo';
import type { TusStorage } from './tus-storage';

/** A partial upload nobody has written to for this long is abandoned, and swept away. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Upload ids: 128 random bits in hex, so nobody can guess another member's upload. */
export const BIG_UPLOAD_ID = /^[0-9a-f]{32}$/;

/**
 * What happens around the tus protocol (`upload/big`): every upload in progress has a row, from
 * creation until it is finished, terminated or swept, so any server knows whose it is, counts it
 * against the quota and sees when it was last written to; its bytes are wherever `tus` keeps
 * them. A finished one joins the content-addressed store.
 */
export function bigUploadsService({
  repo,
  inProgress,
  tus,
  quota,
  clock,
}: {
  repo: UploadsRepo;
  inProgress: BigUploadsRepo;
  tus: TusStorage;
  quota: StorageQuota;
  clock: () => number;
}) {
  /** Removes an upload's bytes; one already gone (finished or removed elsewhere meanwhile) is fine. */
  async function removeBytes(id: string): Promise<void> {
    try {
      await tus.datastore.remove(id);
    } catch (err) {
      if ((err as { status_code?: number }).status_code !== ERRORS.FILE_NOT_FOUND.status_code) throw err;
    }
  }

  return {
    tus,
    quota,

    /** Records a new upload; `declaredBytes` is null while its length is deferred. */
    async begin({
      id,
      ownerId,
      declaredBytes,
    }: {
      id: string;
      ownerId: number;
      declaredBytes: number | null;
    }) {
      const now = clock();
      await inProgress.insert({
        id,
        owner_id: ownerId,
        declared_bytes: declaredBytes,
        created_at: now,
        touched_at: now,
      });
    },

    /** Whether the member may look at (HEAD) or terminate the upload: only its owner may. */
    async owns(id: string, memberId: number): Promise<boolean> {
      return (await inProgress.ownerOf(id)) === memberId;
    },

    /**
     * A PATCH to the member's own upload: marks it as written to now (keeping it from the sweep)
     * and notes a deferred length as it is declared. False when it is not the member's upload.
     */
    writing: (id: string, memberId: number, declaredBytes: number | null) =>
      inProgress.touch(id, memberId, clock(), declaredBytes),

    /**
     * Takes a finished upload into the store under its SHA-256 (streamed, never held in memory)
     * and records it. Its type is decided here, once: an image by its content, anything else by
     * the extension of its name, among harmless types only. It is a download whatever it holds:
     * only the picture pipeline (upload/file) makes a picture shown inline.
     */
    async finish({
      ownerId,
      upload,
      name,
    }: {
      ownerId: number;
      upload: Upload;
      name: string;
    }): Promise<BigUpload> {
      const finished = tus.finished(upload);
      const mime = typeOfUpload(name, await finished.head(SIGNATURE_BYTES));
      const { width, height } = mime.startsWith('image/')
        ? await finished.imageSize()
        : { width: null, height: null };
      const { sha256, size } = await finished.adopt();
      await repo.record({ sha256, mime, bytes: size, width, height, ownerId, picture: false, now: clock() });
      await tus.forget(upload.id);
      await inProgress.remove(upload.id);
      return { sha256, name, mime, bytes: size };
    },

    /**
     * A DELETE of the member's own upload takes its row first, so the room it took in the quota
     * is free as soon as the answer is; `restore` puts it back if tus then fails to remove the
     * bytes. Null when it is not the member's upload.
     */
    withdraw: async (id: string, memberId: number) => (await inProgress.removeOwned(id, memberId)) ?? null,
    restore: (row: BigUploadRow) => inProgress.insert(row),

    /** Takes away at once an upload that can never finish (a body longer than it declared). */
    async discard(id: string): Promise<void> {
      await removeBytes(id);
      await inProgress.remove(id);
    },

    /**
     * Deletes uploads not written to for ABANDONED_AFTER_MS and answers how many went. Each row
     * is taken first, unless a PATCH touched it meanwhile; its bytes go next, and if that fails
     * the row is put back for the next sweep.
     */
    async sweep(now = clock()): Promise<number> {
      const before = now - ABANDONED_AFTER_MS;
      let swept = 0;
      for (const row of await inProgress.untouchedSince(before)) {
        if (!(await inProgress.removeUntouchedSince(row.id, before))) continue;
        try {
          await removeBytes(row.id);
        } catch (err) {
          await inProgress.insert(row);
          throw err;
        }
        swept += 1;
      }
      return swept;
    },

    close: () => tus.close(),
  };
}
export type BigUploadsService = ReturnType<typeof bigUploadsService>;
