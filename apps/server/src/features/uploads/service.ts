import { createHash, timingSafeEqual } from 'node:crypto';
import type { uploadedFileSchema } from '@pixelhall/contract';
import type { z } from 'zod';
import { fail } from '../../http/app-error';
import { safeType } from './file-types';
import { type ImageApp, reencode } from './picture-pipeline';
import type { StorageQuota } from './quota';
import type { UploadsRepo } from './repo';
import type { FileStore } from './storage';

/** What the picture pipeline writes, the one type served inline. */
const PICTURE_TYPE = 'image/webp';
/** Served picture names: the content's SHA-256 and `.webp`. */
const FILE_NAME = /^([0-9a-f]{64})\.webp$/;

type UploadedFile = z.output<typeof uploadedFileSchema>;

/** The address upload/file answers for a stored picture. */
export const fileUrl = (sha256: string) => `/upload/files/${sha256}.webp`;

export interface StoredFile {
  sha256: string;
  mime: string;
  size: number;
  /** The whole file, or the inclusive byte range [start, end]. */
  read(range?: { start: number; end: number }): ReturnType<FileStore['read']>;
}

/** A post's attached file, as its download address finds it. */
export interface Download extends StoredFile {
  id: number;
  name: string;
}

/**
 * Compares a download key in constant time: both sides are hashed first, so neither the
 * position of the first wrong character nor the key's length shows in the timing.
 */
function sameKey(expected: string, given: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

export function uploadsService({
  repo,
  store,
  quota,
  clock,
}: {
  repo: UploadsRepo;
  store: FileStore;
  quota: StorageQuota;
  clock: () => number;
}) {
  return {
    /**
     * An image goes through the picture pipeline (`reencode`); only its WebP is kept, under the
     * SHA-256 of its bytes, so the same picture uploaded twice is one file, recorded as a picture.
     */
    async storeImage(ownerId: number, data: Buffer, app: ImageApp = 'images'): Promise<UploadedFile> {
      const encoded = await reencode(data, app);
      if (!(await quota.hasRoom(ownerId, encoded.size))) {
        throw fail('errors.upload_quota_reached', { quota: quota.label });
      }
      const sha256 = await store.put(encoded.data);
      const mime = PICTURE_TYPE;
      const { width, height, size: bytes } = encoded;
      await repo.record({ sha256, mime, bytes, width, height, ownerId, picture: true, now: clock() });
      return { url: fileUrl(sha256), sha256, mime, bytes, width, height };
    },

    /**
     * A picture by its served name, or null for a name that isn't one. Only what the picture
     * pipeline made is served inline here; any other file is reached only as a download.
     */
    async find(name: string): Promise<StoredFile | null> {
      const match = FILE_NAME.exec(name);
      if (!match) return null;
      const sha256 = match[1] as string;
      const row = await repo.find(sha256);
      if (row?.picture !== 1 || row.mime !== PICTURE_TYPE) return null;
      const size = await store.size(sha256);
      if (size === null) return null;
      return { sha256, mime: row.mime, size, read: (range) => store.read(sha256, range) };
    },

    /**
     * A post's file by the id and key of its download address; null unless both match. Its type
     * is served only if it is a harmless one, whatever the row says.
     */
    async findDownload(id: number, key: string): Promise<Download | null> {
      const row = await repo.findPostFile(id);
      if (!row || !sameKey(row.access_key, key)) return null;
      const size = await store.size(row.sha256);
      if (size === null) return null;
      const { sha256, name } = row;
      return { id, name, sha256, mime: safeType(row.mime), size, read: (range) => store.read(sha256, range) };
    },

    countDownload: (id: number) => repo.countDownload(id),
  };
}
export type UploadsService = ReturnType<typeof uploadsService>;
