import { createHash, timingSafeEqual } from 'node:crypto';
import { AVATAR_SIZE, POST_IMAGE_MAX_SIDE, type uploadedFileSchema } from '@pixelhall/contract';
import sharp from 'sharp';
import type { z } from 'zod';
import { fail } from '../../http/app-error';
import { safeType } from './file-types';
import type { StorageQuota } from './quota';
import type { UploadsRepo } from './repo';
import type { FileStore } from './storage';

/** What `app=images` accepts, by the format sharp reads from the bytes (never the name). */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);
/**
 * Decoded size cap: a small file can claim a huge canvas (a decompression bomb). 50 MP still
 * takes any phone's photo.
 */
const MAX_INPUT_PIXELS = 50_000_000;
const THUMBNAIL_QUALITY = 82;
const POST_IMAGE_QUALITY = 85;
/** Formats that may hold several frames: a post's animated picture stays animated. */
const ANIMATED_FORMATS = new Set(['gif', 'webp']);

/** What an uploaded image is for (the `app` field). */
export type ImageApp = 'images' | 'post_images';

/** Served file names: the content's SHA-256 and the extension of its type. */
const FILE_NAME = /^([0-9a-f]{64})\.(webp|png|jpg|gif)$/;
const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
};

type UploadedFile = z.output<typeof uploadedFileSchema>;

/** The address upload/file answers for a stored picture. */
export const fileUrl = (sha256: string, mime: string) => `/upload/files/${sha256}.${EXTENSIONS[mime]}`;

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
     * An image is re-encoded as WebP, turned upright by its EXIF orientation, which drops its
     * metadata (location and all): `images` (avatars, icons) as a square thumbnail cropped to
     * fill, `post_images` as the whole picture fitted inside POST_IMAGE_MAX_SIDE, never enlarged.
     * Only the WebP is kept, under the SHA-256 of its bytes, so the same picture uploaded twice
     * is one file.
     */
    async storeImage(ownerId: number, data: Buffer, app: ImageApp = 'images'): Promise<UploadedFile> {
      const encoded = await reencode(data, app);
      if (!(await quota.hasRoom(ownerId, encoded.size))) {
        throw fail('errors.upload_quota_reached', { quota: quota.label });
      }
      const sha256 = await store.put(encoded.data);
      const mime = 'image/webp';
      const { width, height, size: bytes } = encoded;
      await repo.record({ sha256, mime, bytes, width, height, ownerId, now: clock() });
      return { url: fileUrl(sha256, mime), sha256, mime, bytes, width, height };
    },

    /** A stored file by its served name, or null for a name that isn't one. */
    async find(name: string): Promise<StoredFile | null> {
      const match = FILE_NAME.exec(name);
      if (!match) return null;
      const [, sha256, extension] = match as unknown as [string, string, string];
      const row = await repo.find(sha256);
      if (!row || EXTENSIONS[row.mime] !== extension) return null;
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

async function reencode(data: Buffer, app: ImageApp) {
  let format: string | undefined;
  try {
    ({ format } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw fail('errors.image_required');
  }
  if (!format || !IMAGE_FORMATS.has(format)) throw fail('errors.image_required');
  try {
    if (app === 'images') {
      const { data: out, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
        .webp({ quality: THUMBNAIL_QUALITY })
        .toBuffer({ resolveWithObject: true });
      return { data: out, width: info.width, height: info.height, size: info.size };
    }
    const animated = ANIMATED_FORMATS.has(format);
    const { data: out, info } = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, animated })
      .rotate()
      .resize(POST_IMAGE_MAX_SIDE, POST_IMAGE_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: POST_IMAGE_QUALITY })
      .toBuffer({ resolveWithObject: true });
    // An animation's frames are stacked in `height`; one frame is `pageHeight` tall.
    return { data: out, width: info.width, height: info.pageHeight ?? info.height, size: info.size };
  } catch {
    // A truncated or corrupt image passes the header check and fails here.
    throw fail('errors.image_required');
  }
}
