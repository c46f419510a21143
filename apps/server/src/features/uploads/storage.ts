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
}

/**
 * The bucket when the server has one (S3_BUCKET), so every server of a cluster sees every file;
 * otherwise the local folder UPLOAD_DIR, as one server alone has always used.
 */
export function fileStoreFor(
  config: Pick<Config, 'uploadDir'>,
  engines: Pick<Engines, 'storage'>,
): FileStore {
  return engines.storage ? createS3FileStore(engines.storage) : createFileStore(config.uploadDir);
}
