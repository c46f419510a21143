import { Unzip, UnzipInflate } from 'fflate';
import { CHUNK_BYTES } from './hash-messages';

/**
 * One entry of a zip archive, inflated: the archive streams through slice by slice and only
 * that entry is kept, so playing a ROM from a big archive never holds the archive in memory.
 */
export async function readZipEntry(zip: Blob, entryName: string): Promise<Blob | null> {
  const parts: Uint8Array[] = [];
  let failure: Error | null = null;
  let finished = false;
  const unzip = new Unzip((entry) => {
    if (entry.name !== entryName || finished) return;
    entry.ondata = (err, chunk, final) => {
      if (err) failure = err;
      else {
        if (chunk.length) parts.push(chunk);
        if (final) finished = true;
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < zip.size && !finished && !failure; at += CHUNK_BYTES) {
    const end = Math.min(at + CHUNK_BYTES, zip.size);
    unzip.push(new Uint8Array(await zip.slice(at, end).arrayBuffer()), end === zip.size);
  }
  if (failure) throw failure;
  return finished ? new Blob(parts as BlobPart[]) : null;
}
