import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hashFile } from './hash-file';
import type { FileStore, ListedFile, StoreClaims } from './storage';

const SHA256_HEX = /^[0-9a-f]{64}$/;
/** The store's prefix folders; `tus/` (uploads in progress) and anything else beside them are not files. */
const PREFIX = /^[0-9a-f]{2}$/;

/**
 * Content-addressed files on local disk: `<dir>/<sha[0..2]>/<sha>`. A file appears under its
 * name only complete (written to a temporary name, then renamed), so readers never see half of
 * one, and two writers of the same bytes can't corrupt each other. `claims` hears of each put
 * once its hash is known, before anything is written.
 */
export function createFileStore(dir: string, claims?: StoreClaims): FileStore {
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
      await claims?.claim({ sha256, size: data.length });
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

    async putFile(source) {
      const { sha256, size: bytes } = await hashFile(source);
      const target = pathOf(sha256);
      await claims?.claim({ sha256, size: bytes });
      if ((await size(sha256)) !== null) {
        await rm(source, { force: true });
        return { sha256, size: bytes };
      }
      await mkdir(path.dirname(target), { recursive: true });
      await moveInto(source, target);
      return { sha256, size: bytes };
    },

    // Opened before it is answered, so a missing file rejects here, as the bucket's read does.
    async read(sha256, range) {
      const stream = createReadStream(pathOf(sha256), range);
      await once(stream, 'open');
      return stream;
    },

    // The prefix folder stays: a put may have just made it for a file it is about to rename in.
    delete: (sha256) => rm(pathOf(sha256), { force: true }),

    async *list({ after } = {}) {
      const prefixes = (await namesIn(dir)).filter((name) => PREFIX.test(name)).sort();
      for (const prefix of prefixes) {
        if (after && prefix < after.slice(0, 2)) continue;
        const names = (await namesIn(path.join(dir, prefix)))
          .filter((name) => SHA256_HEX.test(name) && name.startsWith(prefix) && (!after || name > after))
          .sort();
        for (const sha256 of names) {
          const info = await stat(path.join(dir, prefix, sha256)).catch(gone);
          // Deleted since the folder was read, or not a file: not a stored file.
          if (info?.isFile())
            yield { sha256, size: info.size, modifiedAt: Math.floor(info.mtimeMs) } satisfies ListedFile;
        }
      }
    },
  };
}

/** A folder's entries; none when it does not exist (a store nothing was put in yet). */
async function namesIn(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

function gone(err: unknown): null {
  if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw err;
}

/**
 * A rename where it can (the same file system: instant, atomic); across file systems, a copy to a
 * temporary name beside the target, renamed into place, so readers still never see half a file.
 */
async function moveInto(source: string, target: string): Promise<void> {
  try {
    await rename(source, target);
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
  }
  const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await copyFile(source, temp);
    await rename(temp, target);
  } finally {
    await rm(temp, { force: true });
    await rm(source, { force: true });
  }
}
