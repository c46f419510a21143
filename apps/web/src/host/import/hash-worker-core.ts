import { CHUNK_BYTES, type HashedRom, type HashJob, type HashReply } from './hash-messages';
import { type Md5Hasher, RomDigest } from './rom-digest';
import { ZipDigest } from './zip-digest';

/** Where a file being hashed is copied to (an origin-private file system sync access handle). */
export interface CopySink {
  /** Writes all of `chunk` at `at`, or throws. */
  write(chunk: Uint8Array, at: number): void;
  close(): void;
}

/** What the worker reaches outside itself; tests give fakes of each. */
export interface HashWorkerIo {
  hashers: Promise<readonly [Md5Hasher, Md5Hasher]>;
  openCopy(path: string): Promise<CopySink>;
  reply(message: HashReply): void;
  chunkBytes?: number;
}

/**
 * Bytes of the coming files whose first slice is read while the current one hashes. Reads of a
 * picked file wait on the browser process more than on the disk, so several run at once.
 */
const READ_AHEAD = 8 * 1024 * 1024;
/**
 * Copies opened ahead (each open is two round trips to the browser process, which used to sit
 * between every two files); few, since each holds an open file and a lock until its job ends.
 */
const COPIES_AHEAD = 3;

interface Queued {
  job: HashJob;
  first: Promise<ArrayBuffer> | null | undefined;
  copy: Promise<CopySink | null> | null | undefined;
}

/**
 * The MD5 worker's queue: jobs hash one at a time (they share the two hashers) while the next
 * ones' first slices and copies are already on their way. Each job ends in exactly one `done` or
 * `error` reply, whatever fails, and a copy it opened is closed on every path, so one bad file
 * never holds up the ones behind it.
 */
export function hashWorker(io: HashWorkerIo): (job: HashJob) => void {
  const chunkBytes = io.chunkBytes ?? CHUNK_BYTES;
  const queue: Queued[] = [];
  let busy = false;

  const readSlice = (file: Blob, at: number): Promise<ArrayBuffer> =>
    // A small file is read whole, without a slice object.
    at === 0 && file.size <= chunkBytes
      ? file.arrayBuffer()
      : file.slice(at, Math.min(at + chunkBytes, file.size)).arrayBuffer();

  const startReading = (file: Blob): Promise<ArrayBuffer> | null => {
    const first = file.size > 0 ? readSlice(file, 0) : null;
    // Awaited later, in turn; until then a failed read must not count as unhandled.
    first?.catch(() => undefined);
    return first;
  };

  const startCopy = (job: HashJob): Promise<CopySink | null> | null => {
    if (job.kind !== 'file' || !job.stage) return null;
    // A copy that cannot start leaves the file to the page's own copy after the hashing.
    return io.openCopy(job.stage).catch((err: unknown) => {
      console.warn('Import copy could not start', err);
      return null;
    });
  };

  /**
   * Reads a Blob slice by slice, asking for the next slice before hashing the current one so
   * the disk and the hasher work at the same time. Progress goes to the page per slice, except
   * the last one's, which the job's answer carries (one message per small file, not two).
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
      if (next) io.reply({ id, type: 'bytes', bytes: buffer.byteLength });
      else unreported = buffer.byteLength;
    }
    return unreported;
  }

  async function run({
    job,
    first,
    copy,
  }: Queued): Promise<{ roms: HashedRom[]; bytes: number; staged: boolean }> {
    const [whole, headerless] = await io.hashers;
    if (job.kind === 'zip') {
      const zip = new ZipDigest(new Set(job.extensions), whole, headerless);
      const bytes = await readChunks(job.id, job.file, first ?? startReading(job.file), (c) => zip.push(c));
      zip.push(new Uint8Array(0), true);
      return { roms: zip.roms, bytes, staged: false };
    }
    const digest = new RomDigest(whole, headerless, job.extension);
    const sink = await (copy ?? startCopy(job));
    let written = 0;
    let copying = sink !== null;
    try {
      const bytes = await readChunks(job.id, job.file, first ?? startReading(job.file), (chunk) => {
        digest.update(chunk);
        if (!copying) return;
        try {
          sink!.write(chunk, written);
          written += chunk.length;
        } catch (err) {
          // The storage is full, say: the hashing goes on, the page copies or says why not.
          console.warn('Import copy failed', err);
          copying = false;
        }
      });
      return { roms: [{ entry: null, ...digest.finish() }], bytes, staged: copying };
    } finally {
      try {
        sink?.close();
      } catch (err) {
        console.warn('Import copy could not close', err);
      }
    }
  }

  async function drain(): Promise<void> {
    busy = true;
    while (queue.length > 0) {
      const current = queue.shift()!;
      let ahead = 0;
      let copies = 0;
      for (const waiting of queue) {
        if (ahead < READ_AHEAD) {
          waiting.first ??= startReading(waiting.job.file);
          ahead += Math.min(waiting.job.file.size, chunkBytes);
        }
        if (copies < COPIES_AHEAD) {
          waiting.copy ??= startCopy(waiting.job);
          copies += 1;
        }
      }
      try {
        io.reply({ id: current.job.id, type: 'done', ...(await run(current)) });
      } catch (err) {
        io.reply({
          id: current.job.id,
          type: 'error',
          message: err instanceof Error ? err.message : String(err),
        });
      }
    }
    busy = false;
  }

  return (job) => {
    queue.push({ job, first: undefined, copy: undefined });
    if (!busy) void drain();
  };
}
