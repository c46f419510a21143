import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import vm from 'node:vm';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';

/**
 * EmulatorJS ships each core as a 7-Zip archive, and unpacks it in a worker on every start
 * (LZMA in asm.js: seconds on a phone, most of a boot). Repacked here as a stored zip (no
 * compression), the browser only slices it apart; on the wire it still travels brotli-compressed
 * as brotli or gzip, about as small as the 7-Zip archive: both are made here too, since
 * compressing megabytes takes the build seconds a core (build/precompress.ts leaves a file that
 * already has its compressed copies alone).
 */
export function storedCore(
  archive: Uint8Array,
  extract7z: string,
  cacheDir: string,
): { zip: Uint8Array; br: Uint8Array; gz: Uint8Array } {
  // Unpacking and compressing take seconds a core, so the results are kept across builds.
  const key = createHash('sha256').update(STORED_CORE_VERSION).update(archive).digest('hex').slice(0, 32);
  const cached = (ext: string) => join(cacheDir, `${key}.${ext}`);
  if (['zip', 'br', 'gz'].every((ext) => existsSync(cached(ext)))) {
    return {
      zip: readFileSync(cached('zip')),
      br: readFileSync(cached('br')),
      gz: readFileSync(cached('gz')),
    };
  }
  const files = un7z(archive, extract7z);
  const zip = zipSync(
    Object.fromEntries(Object.entries(files).map(([name, data]) => [name, [data, { level: 0 }]])),
  );
  // The settings build/precompress.ts gives a big file.
  const br = brotliCompressSync(zip, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: zip.length },
  });
  const gz = gzipSync(zip, { level: 9 });
  mkdirSync(cacheDir, { recursive: true });
  for (const [ext, data] of [
    ['br', br],
    ['gz', gz],
    ['zip', zip],
  ] as const) {
    // Written aside and renamed: two builds at once never read a half-written file.
    const partial = `${cached(ext)}.${process.pid}`;
    writeFileSync(partial, data);
    renameSync(partial, cached(ext));
  }
  return { zip, br, gz };
}

/** Bumped when the repacking changes, so cached results of the old one are not reused. */
const STORED_CORE_VERSION = 'stored-zip-2';

/**
 * Unpacks a 7-Zip archive with EmulatorJS's own decompressor (`compression/extract7z.js`, the
 * one its worker runs), in a context that looks like that worker: it gets the archive as a
 * message and posts each file back.
 */
function un7z(archive: Uint8Array, extract7z: string): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {};
  let done = false;
  const worker = {
    console,
    importScripts: () => undefined,
    close: () => undefined,
    onmessage: null as null | ((event: { data: Uint8Array }) => void),
    // Messages: t 2 a file, t 1 the end, t 4 progress.
    postMessage(message: { t: number; file?: string; data?: Uint8Array }) {
      if (message.t === 2 && message.file && message.data) files[message.file] = new Uint8Array(message.data);
      if (message.t === 1) done = true;
    },
  };
  vm.createContext(worker);
  vm.runInContext(extract7z, worker);
  if (!worker.onmessage) throw new Error('extract7z.js did not listen for an archive');
  worker.onmessage({ data: archive });
  if (!done || Object.keys(files).length === 0) throw new Error('extract7z.js did not unpack the core');
  return files;
}
