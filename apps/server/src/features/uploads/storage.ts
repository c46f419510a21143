import type { Readable } from 'node:stream';
import type { Config } from '../../config';
import type { Engines } from '../../engines';
import { createFileStore } from './local-store';
import { createS3FileStore } from './s3-store';

export { createFileStore } from './local-store';
export { contentKey, createS3FileStore, type S3FileStore } from './s3-store';

/**
 * Where every stored file lives (uploaded images, post attachments, ROMs, save archives, demo
 * files), content-addressed: a file's name is its SHA-256 in hex.
 */
export interface FileStore {
  /** Stores the bytes under their SHA-256 (hex) and answers it; storing them again is a no-op. */
  put(data: Buffer): Promise<string>;
  /**
   * Takes a finished local file into the store under its SHA-256, read as a stream so a file of
   * any size costs no memory. Afterwards `source` is gone: moved or uploaded, or dropped when the
   * store holds the same bytes already.
   */
  putFile(source: string): Promise<{ sha256: string; size: number }>;
  /** The stored file's size, or null when there is none. */
  size(sha256: string): Promise<number | null>;
  /**
   * Reads a stored file, or the inclusive byte range [start, end] of it; rejects when there is
   * no such file.
   */
  read(sha256: string, range?: { start: number; end: number }): Promise<Readable>;
  /**
   * Removes a stored file; one that is not there is no error. Only the file sweep calls it
   * (features/file-lifetime), after marking the file so no put can answer it as stored meanwhile.
   */
  delete(sha256: string): Promise<void>;
  /**
   * Every stored file, in ascending order of hash, starting after `after` when given: the local
   * folder read one prefix folder at a time, the bucket one ListObjectsV2 page at a time.
   */
  list(options?: { after?: string }): AsyncIterable<ListedFile>;
}

/** A stored file as a listing of the store finds it. */
export interface ListedFile {
  sha256: string;
  size: number;
  /** When its bytes were written (epoch ms): the file's mtime, or the object's LastModified. */
  modifiedAt: number;
}

/**
 * What a store tells before it writes: the bytes' hash and size are known and nothing is written
 * yet. The file lifetime records the put here (docs/internals/file-lifetime.md), so its sweep
 * never deletes bytes that a put is about to answer as stored; a store without it (tests, tools)
 * simply does not record.
 */
export interface StoreClaims {
  claim(file: { sha256: string; size: number }): Promise<void>;
}

/**
 * The bucket when the server has one (S3_BUCKET), so every server of a cluster sees every file;
 * otherwise the local folder UPLOAD_DIR, as one server alone has always used. Every put is
 * claimed first, so the sweep of unreferenced files never races it.
 */
export function fileStoreFor(
  config: Pick<Config, 'uploadDir'>,
  engines: Pick<Engines, 'storage'>,
  /** The file lifetime's claims (features/file-lifetime/public.ts `storedFileClaims`). */
  claims: StoreClaims,
): FileStore {
  return engines.storage
    ? createS3FileStore(engines.storage, claims)
    : createFileStore(config.uploadDir, claims);
}
