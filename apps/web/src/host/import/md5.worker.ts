/// <reference lib="webworker" />
import { createMD5 } from 'hash-wasm';
import { CHUNK_BYTES, type HashedRom, type HashJob, type HashReply } from './hash-messages';
import { type Md5Hasher, RomDigest } from './rom-digest';
import { ZipDigest } from './zip-digest';

/**
 * One worker of the import's hashing pool: reads the File it is given in slices (the Blob
 * crosses by reference, so no bytes are copied between threads) and hashes them with hash-wasm's
 * MD5 (Web Crypto has none). Zip archives stream through `ZipDigest` the same way.
 */
declare const self: DedicatedWorkerGlobalScope;

const hashers = Promise.all([createMD5(), createMD5()]).then(
  ([whole, headerless]) => [asHasher(whole), asHasher(headerless)] as const,
);

// The pool keeps a few jobs queued here, so the worker never waits on the page between files
// (a busy page answers late). While one job hashes, the next ones are already loading; the jobs
// hash one at a time, since they share the two hashers.
const queue: { job: HashJob; first: Promise<ArrayBuffer> | null }[] = [];
const READ_AHEAD = 8 * 1024 * 1024;
let busy = false;

self.onmessage = (event: MessageEvent<HashJob>) => {
  queue.push({ job: event.data, first: null });
  if (!busy) void drain();
};

async function drain(): Promise<void> {
  busy = true;
  while (queue.length > 0) {
    const { job, first } = queue.shift()!;
    // Reads from a picked file go through the browser process and wait on it more than on
    // the disk, so a few run at once: the next jobs' first slices, up to READ_AHEAD bytes.
    let ahead = 0;
    for (const waiting of queue) {
      if (ahead >= READ_AHEAD) break;
      waiting.first ??= startReading(waiting.job.file);
      ahead += Math.min(waiting.job.file.size, CHUNK_BYTES);
    }
    try {
      reply({ id: job.id, type: 'done', ...(await run(job, first ?? startReading(job.file))) });
    } catch (err) {
      reply({ id: job.id, type: 'error', message: err instanceof Error ? err.message : String(err) });
    }
  }
  busy = false;
}

function startReading(file: Blob): Promise<ArrayBuffer> | null {
  const first = file.size > 0 ? readSlice(file, 0) : null;
  // Awaited later, in turn; until then a failed read must not count as unhandled.
  first?.catch(() => undefined);
  return first;
}

function reply(message: HashReply): void {
  self.postMessage(message);
}

async function run(
  job: HashJob,
  first: Promise<ArrayBuffer> | null,
): Promise<{ roms: HashedRom[]; bytes: number }> {
  const [whole, headerless] = await hashers;
  if (job.kind === 'file') {
    const digest = new RomDigest(whole, headerless, job.extension);
    const bytes = await readChunks(job.id, job.file, first, (chunk) => digest.update(chunk));
    return { roms: [{ entry: null, ...digest.finish() }], bytes };
  }
  const zip = new ZipDigest(new Set(job.extensions), whole, headerless);
  const bytes = await readChunks(job.id, job.file, first, (chunk) => zip.push(chunk));
  zip.push(new Uint8Array(0), true);
  return { roms: zip.roms, bytes };
}

function readSlice(file: Blob, at: number): Promise<ArrayBuffer> {
  // A small file is read whole, without a slice object.
  return at === 0 && file.size <= CHUNK_BYTES
    ? file.arrayBuffer()
    : file.slice(at, Math.min(at + CHUNK_BYTES, file.size)).arrayBuffer();
}

/**
 * Reads a Blob slice by slice, asking for the next slice before hashing the current one so the
 * disk and the hasher work at the same time. Progress goes to the page per slice, except the
 * last one's, which the job's answer carries (one message per small file, not two).
 */
async function readChunks(
  id: number,
  file: Blob,
  first: Promise<ArrayBuffer> | null,
  onChunk: (chunk: Uint8Array) => void,
): Promise<number> {
  let next = first;
  let unreported = 0;
  for (let at = 0; next; ) {
    const buffer = await next;
    at += buffer.byteLength;
    next = at < file.size && buffer.byteLength > 0 ? readSlice(file, at) : null;
    onChunk(new Uint8Array(buffer));
    if (next) reply({ id, type: 'bytes', bytes: buffer.byteLength });
    else unreported = buffer.byteLength;
  }
  return unreported;
}

/** hash-wasm's hasher with the digest always in hex. */
function asHasher(h: Awaited<ReturnType<typeof createMD5>>): Md5Hasher {
  return { init: () => h.init(), update: (data) => h.update(data), digest: () => h.digest('hex') };
}
