import { AVATAR_SIZE, type uploadedFileSchema } from '@pixelhall/contract';
import sharp from 'sharp';
import type { z } from 'zod';
import { fail } from '../../http/app-error';
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

/** Served file names: the content's SHA-256 and the extension of its type. */
const FILE_NAME = /^([0-9a-f]{64})\.(webp|png|jpg|gif)$/;
const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
};

type UploadedFile = z.output<typeof uploadedFileSchema>;

const fileUrl = (sha256: string, mime: string) => `/upload/files/${sha256}.${EXTENSIONS[mime]}`;

export interface StoredFile {
  sha256: string;
  mime: string;
  size: number;
  /** The whole file, or the inclusive byte range [start, end]. */
  read(range?: { start: number; end: number }): ReturnType<FileStore['read']>;
}

export function uploadsService({
  repo,
  store,
  clock,
}: {
  repo: UploadsRepo;
  store: FileStore;
  clock: () => number;
}) {
  return {
    /**
     * An image becomes a square WebP thumbnail: turned upright by its EXIF orientation, cropped to
     * fill, and re-encoded, which drops its metadata (location and all). Only the thumbnail is
     * kept, under the SHA-256 of its bytes, so the same picture uploaded twice is one file.
     */
    async storeImage(ownerId: number, data: Buffer): Promise<UploadedFile> {
      const thumbnail = await toThumbnail(data);
      const sha256 = await store.put(thumbnail.data);
      const mime = 'image/webp';
      const { width, height, size: bytes } = thumbnail.info;
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
  };
}
export type UploadsService = ReturnType<typeof uploadsService>;

async function toThumbnail(data: Buffer) {
  const options = { limitInputPixels: MAX_INPUT_PIXELS };
  let format: string | undefined;
  try {
    ({ format } = await sharp(data, options).metadata());
  } catch {
    throw fail('errors.image_required');
  }
  if (!format || !IMAGE_FORMATS.has(format)) throw fail('errors.image_required');
  try {
    return await sharp(data, options)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: THUMBNAIL_QUALITY })
      .toBuffer({ resolveWithObject: true });
  } catch {
    // A truncated or corrupt image passes the header check and fails here.
    throw fail('errors.image_required');
  }
}
