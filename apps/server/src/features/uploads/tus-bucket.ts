import { GetObjectCommand } from '@aws-sdk/client-s3';
import { type MetadataValue, S3Store } from '@tus/s3-store';
import { IoRedisKvStore } from '@tus/server';
import type { Redis } from 'ioredis';
import type { S3Config } from '../../config';
import { type ObjectStorage, s3ClientConfig } from '../../engines';
import { REDIS_KEYS } from '../../engines/redis-keys';
import { imageSizeOf } from './image-size';
import { createS3FileStore } from './s3-store';
import type { StoreClaims } from './storage';
import type { TusStorage } from './tus-storage';

/**
 * sharp reads an image it is handed in memory, so an image up to this size is measured whole; of
 * a larger one only the first MiB is read, which holds the size of a JPEG or a PNG (other formats
 * go without one).
 */
const MEASURED_WHOLE_MAX_BYTES = 64 * 1024 * 1024;
const MEASURED_HEAD_BYTES = 1024 * 1024;

/**
 * @tus/s3-store as several servers share it. Uploads are kept under their ids at the bucket's top
 * level (`<id>`, `<id>.info`, `<id>.part`; the store takes no prefix), apart from stored files,
 * which are all under `files/`.
 */
class SharedS3Store extends S3Store {
  /**
   * The store writes a declared length to the upload's details in the bucket but leaves the
   * cached copy as it was: with a shared cache, every server (this one too) would go on reading
   * the length as deferred, and the upload would never be completed.
   */
  override async declareUploadLength(id: string, length: number): Promise<void> {
    await super.declareUploadLength(id, length);
    await this.clearCache(id);
  }

  /**
   * The store removes the multipart upload, its object and its details, but not the incomplete
   * last part (`<id>.part`) an unfinished upload usually has: it would stay in the bucket for good.
   */
  override async remove(id: string): Promise<void> {
    try {
      await super.remove(id);
    } finally {
      await this.client.deleteObject({ Bucket: this.bucket, Key: this.partKey(id, true) });
    }
  }

  /** Drops a finished upload's details, which the store itself keeps for good. */
  async forget(id: string): Promise<void> {
    await this.client.deleteObject({ Bucket: this.bucket, Key: this.infoKey(id) });
    await this.clearCache(id);
  }

  close(): void {
    this.client.destroy();
  }
}

/**
 * Uploads in progress in the bucket, as multipart uploads any server can go on with. Their details
 * are cached in Redis when there is one: a cache of each server's own would go stale as soon as
 * another server declared an upload's length or finished it.
 */
export function bucketUploads({
  storage,
  s3,
  redis,
  claims,
}: {
  storage: ObjectStorage;
  /** The file lifetime's claims: a finished upload's copy into the store is a put like any other. */
  claims: StoreClaims;
  /** The settings `storage.client` was made with, for the client @tus/s3-store makes itself. */
  s3: S3Config | null;
  redis: Redis | null;
}): Omit<TusStorage, 'locker'> {
  if (!s3) throw new Error('a bucket needs its S3 settings');
  const { client, bucket } = storage;
  const datastore = new SharedS3Store({
    s3ClientConfig: { ...s3ClientConfig(s3), bucket },
    ...(redis ? { cache: new IoRedisKvStore<MetadataValue>(redis, REDIS_KEYS.uploadDetails) } : {}),
  });
  const files = createS3FileStore(storage, claims);

  async function read(key: string, bytes?: number): Promise<Buffer> {
    const object = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: key, ...(bytes ? { Range: `bytes=0-${bytes - 1}` } : {}) }),
    );
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  }

  return {
    datastore,
    finished(upload) {
      const key = upload.storage?.path;
      const size = upload.size;
      if (!key || size === undefined) throw new Error(`upload ${upload.id} is not a finished object`);
      return {
        // An empty object has no byte 0 for a range to start at.
        head: async (bytes) => (size === 0 ? Buffer.alloc(0) : read(key, bytes)),
        imageSize: async () =>
          imageSizeOf(await read(key, size > MEASURED_WHOLE_MAX_BYTES ? MEASURED_HEAD_BYTES : undefined)),
        adopt: () => files.adopt(key),
      };
    },
    forget: (id) => datastore.forget(id),
    close: async () => datastore.close(),
  };
}
