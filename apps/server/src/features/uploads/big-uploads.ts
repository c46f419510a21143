import { open, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { BigUpload } from '@pixelhall/contract';
import sharp from 'sharp';
import { SIGNATURE_BYTES, typeOfUpload } from './file-types';
import type { StorageQuota } from './quota';
import type { UploadsRepo } from './repo';
import type { FileStore } from './storage';

/** A partial upload nobody has written to for this long is abandoned, and swept away. */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Upload ids: 128 random bits in hex, so nobody can guess another member's upload. */
export const BIG_UPLOAD_ID = /^[0-9a-f]{32}$/;
/** tus's file store keeps each upload's details beside its bytes, as `<id>.json`. */
const INFO_SUFFIX = '.json';

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Width and height read from an image's header, or nulls when it can't be read. */
async function imageSize(file: string): Promise<{ width: number | null; height: number | null }> {
  try {
    const { width, height, pageHeight } = await sharp(file).metadata();
    return { width: width ?? null, height: pageHeight ?? height ?? null };
  } catch {
    return { width: null, height: null };
  }
}

/** Modification time, or null when the file is gone. */
async function modifiedAt(file: string): Promise<number | null> {
  try {
    return (await stat(file)).mtimeMs;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * What happens around the tus protocol (`upload/big`): uploads in progress live in `dir`; a
 * finished one joins the content-addressed store; abandoned ones are swept.
 */
export function bigUploadsService({
  repo,
  store,
  dir,
  quota,
  clock,
}: {
  repo: UploadsRepo;
  store: FileStore;
  /** Where tus keeps uploads in progress. */
  dir: string;
  quota: StorageQuota;
  clock: () => number;
}) {
  return {
    dir,
    quota,

    /**
     * Takes a finished upload at `file` into the store under its SHA-256 (streamed, never held in
     * memory) and records it. Its type is decided here, once: an image by its content, anything
     * else by the extension of its name, among harmless types only.
     */
    async finish({
      ownerId,
      file,
      name,
    }: {
      ownerId: number;
      file: string;
      name: string;
    }): Promise<BigUpload> {
      const mime = typeOfUpload(name, await readHead(file, SIGNATURE_BYTES));
      const { width, height } = mime.startsWith('image/')
        ? await imageSize(file)
        : { width: null, height: null };
      const { sha256, size } = await store.putFile(file);
      await repo.record({ sha256, mime, bytes: size, width, height, ownerId, now: clock() });
      return { sha256, name, mime, bytes: size };
    },

    /**
     * Deletes partial uploads not written to for ABANDONED_AFTER_MS (by the files' own times,
     * which are wall-clock times) and answers how many went. Only names tus gave are touched.
     */
    async sweep(now = Date.now()): Promise<number> {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw err;
      }
      const ids = new Set(
        names
          .map((n) => (n.endsWith(INFO_SUFFIX) ? n.slice(0, -INFO_SUFFIX.length) : n))
          .filter((n) => BIG_UPLOAD_ID.test(n)),
      );
      let swept = 0;
      for (const id of ids) {
        const data = path.join(dir, id);
        const info = data + INFO_SUFFIX;
        const times = [await modifiedAt(data), await modifiedAt(info)].filter((t) => t !== null);
        // Gone already (finished or terminated meanwhile), or still being written to.
        if (times.length === 0 || now - Math.max(...times) < ABANDONED_AFTER_MS) continue;
        await rm(data, { force: true });
        await rm(info, { force: true });
        swept += 1;
      }
      return swept;
    },
  };
}
export type BigUploadsService = ReturnType<typeof bigUploadsService>;
