import type { RomHashes } from './rom-digest';

/** A job for the MD5 worker: a ROM file, or a zip archive whose ROM entries it hashes. */
export type HashJob =
  /**
   * `stage`: a path in the origin-private file system to copy the file to while it is hashed
   * (one read feeds both), for a file the browser keeps no handle to.
   */
  | { id: number; kind: 'file'; file: Blob; extension: string; stage?: string }
  | { id: number; kind: 'zip'; file: Blob; extensions: string[] };

/** One hashed ROM: the file itself (entry null) or an entry of a zip. */
export interface HashedRom extends RomHashes {
  entry: string | null;
}

export type HashReply =
  /** Bytes of the job's file read since the last report (the zip's compressed bytes). */
  | { id: number; type: 'bytes'; bytes: number }
  /**
   * `bytes`: the last slice's, not reported on its own. `staged`: the whole file is at the job's
   * `stage` path (false when there was none, or writing failed: the page copies it later).
   */
  | { id: number; type: 'done'; roms: HashedRom[]; bytes: number; staged: boolean }
  | { id: number; type: 'error'; message: string };

/**
 * How much of a file is read at a time: big enough that reading and hashing dominate the
 * message and promise overhead, small enough that a 1 GB ROM never sits in memory whole.
 */
export const CHUNK_BYTES = 8 * 1024 * 1024;
