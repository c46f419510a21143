/// <reference lib="webworker" />
import { createMD5 } from 'hash-wasm';
import { opfsFolder, splitPath } from '../store/opfs';
import type { HashJob, HashReply } from './hash-messages';
import { type CopySink, hashWorker } from './hash-worker-core';
import type { Md5Hasher } from './rom-digest';

/**
 * One worker of the import's hashing pool: reads the File it is given in slices (the Blob
 * crosses by reference, so no bytes are copied between threads) and hashes them with hash-wasm's
 * MD5 (Web Crypto has none). Zip archives stream through `ZipDigest` the same way. A file the
 * page wants copied into the origin-private file system is written there from the same slices.
 */
declare const self: DedicatedWorkerGlobalScope;

const accept = hashWorker({
  hashers: Promise.all([createMD5(), createMD5()]).then(
    ([whole, headerless]) => [asHasher(whole), asHasher(headerless)] as const,
  ),
  openCopy,
  reply: (message: HashReply) => self.postMessage(message),
});

self.onmessage = (event: MessageEvent<HashJob>) => accept(event.data);

/**
 * File handles whose access handle is being opened. Chromium drops the answer to a pending
 * `createSyncAccessHandle()` when the FileSystemFileHandle it was asked of is garbage collected,
 * and the promise then never settles: a copying worker stalled that way once or twice in most
 * 1,000-file imports (docs/footguns.md). Nothing else refers to the handle while it waits.
 */
const opening = new Set<FileSystemFileHandle>();

/** The folder handles, asked for once per worker rather than on every file. */
const folders = new Map<string, Promise<FileSystemDirectoryHandle>>();

/**
 * A copy into the origin-private file system written through a sync access handle (workers
 * only): each slice goes to disk from the buffer just hashed, with no second read and no stream
 * in between. No `flush()`: it syncs the file to the disk, a wait per file, and `close()` alone
 * makes the bytes visible to the page (the operating system writes them out in its own time).
 */
async function openCopy(path: string): Promise<CopySink> {
  const [folder, name] = splitPath(path);
  let dir = folders.get(folder);
  if (!dir) {
    dir = opfsFolder(folder, { create: true });
    folders.set(folder, dir);
    dir.catch(() => folders.delete(folder));
  }
  const file = await (await dir).getFileHandle(name, { create: true });
  // Held until the access handle is open: see `opening`.
  opening.add(file);
  let handle: FileSystemSyncAccessHandle;
  try {
    handle = await file.createSyncAccessHandle();
  } finally {
    opening.delete(file);
  }
  try {
    handle.truncate(0);
  } catch (err) {
    handle.close();
    throw err;
  }
  return {
    write(chunk, at) {
      if (handle.write(chunk, { at }) !== chunk.length) throw new Error('Import copy: short write');
    },
    close: () => handle.close(),
  };
}

/** hash-wasm's hasher with the digest always in hex. */
function asHasher(h: Awaited<ReturnType<typeof createMD5>>): Md5Hasher {
  return { init: () => h.init(), update: (data) => h.update(data), digest: () => h.digest('hex') };
}
