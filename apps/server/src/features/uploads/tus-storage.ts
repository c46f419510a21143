import { createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore as TusFileStore } from '@tus/file-store';
import {
  type DataStore,
  ERRORS,
  isPathInsideDirectory,
  type Locker,
  MemoryLocker,
  type Upload,
} from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Engines } from '../../engines';
import { type ImageSize, imageSizeOf } from './image-size';
import { redisLocker } from './redis-locker';
import type { FileStore, StoreClaims } from './storage';
import { bucketUploads } from './tus-bucket';

/** A finished upload's bytes, wherever tus left them, as finishing it reads and stores them. */
export interface FinishedUpload {
  /** The first `bytes` bytes (fewer if the file is shorter). */
  head(bytes: number): Promise<Buffer>;
  /** Width and height read from an image's header, or nulls when it can't be read. */
  imageSize(): Promise<ImageSize>;
  /** Moves the bytes into the content-addressed store; afterwards the upload's own copy is gone. */
  adopt(): Promise<{ sha256: string; size: number }>;
}

/** Where uploads in progress are kept, and how they are locked, on one server or many. */
export interface TusStorage {
  datastore: DataStore;
  /** Keeps two requests (on any server) from writing the same upload at once. */
  locker: Locker;
  finished(upload: Upload): FinishedUpload;
  /** Drops what tus still keeps of a finished upload (its details) once its bytes are stored. */
  forget(id: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * With a bucket (S3_BUCKET), uploads in progress are kept in it by @tus/s3-store, so any server
 * can go on with one; with Redis, their details are cached there and the lock holds across
 * servers. Otherwise tus writes to `<UPLOAD_DIR>/tus/` and locks in memory, as one server alone.
 */
export function tusStorage({
  config,
  engines,
  store,
  claims,
  log,
}: {
  config: Pick<Config, 'uploadDir' | 's3'>;
  engines: Pick<Engines, 'redis' | 'storage'>;
  /** The content-addressed store finished uploads join. */
  store: FileStore;
  /** The store's claims, for a finished upload the bucket copies in place (tus-bucket.ts). */
  claims: StoreClaims;
  log: FastifyBaseLogger;
}): TusStorage {
  const shared = engines.redis ? redisLocker(engines.redis, { log }) : null;
  const locker: Locker = shared ?? new MemoryLocker();
  const kept = engines.storage
    ? bucketUploads({ storage: engines.storage, s3: config.s3, redis: engines.redis, claims })
    : folderUploads(path.join(config.uploadDir, 'tus'), store);
  return {
    ...kept,
    locker,
    async close() {
      await shared?.close();
      await kept.close();
    },
  };
}

/**
 * @tus/file-store, but a write that fails keeps the file system's own error: the store turns each
 * into a bare "write error" (500), where a full disk (ENOSPC) must answer 503 and a client gone
 * midway is no failure of the server's.
 */
class FolderStore extends TusFileStore {
  override async write(readable: NodeJS.ReadableStream, id: string, offset: number): Promise<number> {
    const file = path.join(this.directory, id);
    if (!isPathInsideDirectory(this.directory, file)) throw ERRORS.FILE_NOT_FOUND;
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(readable, counted, createWriteStream(file, { flags: 'r+', start: offset }));
    return offset + received;
  }
}

/** Uploads in progress as files in `dir`: `<id>` and its details beside it, `<id>.json`. */
function folderUploads(dir: string, store: FileStore): Omit<TusStorage, 'locker'> {
  const datastore = new FolderStore({ directory: dir });
  return {
    datastore,
    finished(upload) {
      const file = upload.storage?.path;
      if (!file) throw new Error(`upload ${upload.id} has no file`);
      return {
        head: (bytes) => readHead(file, bytes),
        imageSize: () => imageSizeOf(file),
        adopt: () => store.putFile(file),
      };
    },
    async forget(id) {
      try {
        await datastore.configstore.delete(id);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },
    close: async () => {},
  };
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(head, 0, bytes, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
