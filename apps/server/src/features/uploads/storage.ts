import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

const SHA256_HEX = /^[0-9a-f]{64}$/;

export interface FileStore {
  /** Stores the bytes under their SHA-256 (hex) and answers it; storing them again is a no-op. */
  put(data: Buffer): Promise<string>;
  /** The stored file's size, or null when there is none. */
  size(sha256: string): Promise<number | null>;
  /** Reads a stored file, or the inclusive byte range [start, end] of it. */
  read(sha256: string, range?: { start: number; end: number }): Readable;
}

/**
 * Content-addressed files on local disk: `<dir>/<sha[0..2]>/<sha>`. A file appears under its
 * name only complete (written to a temporary name, then renamed), so readers never see half of
 * one, and two writers of the same bytes can't corrupt each other.
 */
export function createFileStore(dir: string): FileStore {
  const pathOf = (sha256: string) => {
    if (!SHA256_HEX.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
    return path.join(dir, sha256.slice(0, 2), sha256);
  };

  async function size(sha256: string): Promise<number | null> {
    try {
      const info = await stat(pathOf(sha256));
      return info.isFile() ? info.size : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  return {
    size,

    async put(data) {
      const sha256 = createHash('sha256').update(data).digest('hex');
      const target = pathOf(sha256);
      if ((await size(sha256)) !== null) return sha256;
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, data, { flag: 'wx' });
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
      return sha256;
    },

    read: (sha256, range) => createReadStream(pathOf(sha256), range),
  };
}
