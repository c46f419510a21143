import type { RomHashes } from './rom-digest';

/** A job for the MD5 worker: a ROM file, or a zip archive whose ROM entries it hashes. */
export type HashJob =
  | { id: number; kind: 'file'; file: Blob; extension: string }
  | { id: number; kind: 'zip'; file: Blob; extensions: string[] };

/** One hashed ROM: the file itself (entry null) or an entry of a zip. */
export interface HashedRom extends RomHashes {
  entry: string | null;
}

export type HashReply =
  /** Bytes of the job's file read since the last report (the zip's compressed bytes). */
  | { id: number; type: 'bytes'; bytes: number }
  /** `bytes`: the last slice's, not reported on its own. */
  | { id: number; type: 'done'; roms: HashedRom[]; bytes: number }
  | { id: number; type: 'error'; message: string };

/**
 * How much of a file is read at a time: big enough that reading and hashing dominate the
 * message and promise overhead, small enough that a 1 GB ROM never sits in memory whole.
 */
export const CHUNK_BYTES = 8 * 1024 * 1024;
