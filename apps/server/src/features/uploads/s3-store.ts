import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import type { ObjectStorage } from '../../engines';
import { hashFile } from './hash-file';
import type { FileStore, ListedFile, StoreClaims } from './storage';

const SHA256_HEX = /^[0-9a-f]{64}$/;
/** A stored file's key, as a listing finds it. */
const CONTENT_KEY = /^files\/([0-9a-f]{2})\/([0-9a-f]{64})$/;

/** A stored file's object key: `files/<sha[0..2]>/<sha>`, the local folder's layout under `files/`. */
export function contentKey(sha256: string): string {
  if (!SHA256_HEX.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
  return `files/${sha256.slice(0, 2)}/${sha256}`;
}

export interface S3FileStore extends FileStore {
  /**
   * Takes an object already in the bucket (a finished tus upload on @tus/s3-store) into the
   * store: hashed as it streams from the bucket, copied to its content key unless the same bytes
   * are there already, and the source key deleted. Answers the stored file's hash and size.
   */
  adopt(key: string): Promise<{ sha256: string; size: number }>;
}

/**
 * Content-addressed files in an S3-compatible bucket, so every server of a cluster reads what
 * any of them stored. An object appears whole or not at all, so two servers storing the same
 * bytes at once just write the same object twice. Single PutObject and CopyObject calls carry up
 * to 5 GB, well above UPLOAD_MAX_BYTES. `claims` hears of each put once its hash is known, before
 * anything is written.
 */
export function createS3FileStore({ client, bucket }: ObjectStorage, claims?: StoreClaims): S3FileStore {
  async function size(sha256: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: contentKey(sha256) }));
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async function get(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const object = await client.send(
      new GetObjectCommand({
        Bucket: bucket,
        Key: key,
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    if (!(object.Body instanceof Readable)) throw new Error(`no readable body for ${key}`);
    return object.Body;
  }

  return {
    size,

    async put(data) {
      const sha256 = createHash('sha256').update(data).digest('hex');
      await claims?.claim({ sha256, size: data.length });
      if ((await size(sha256)) === null) {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: contentKey(sha256),
            Body: data,
            ContentLength: data.length,
            ContentType: 'application/octet-stream',
          }),
        );
      }
      return sha256;
    },

    async putFile(source) {
      const { sha256, size: bytes } = await hashFile(source);
      await claims?.claim({ sha256, size: bytes });
      if ((await size(sha256)) === null) {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: contentKey(sha256),
            Body: createReadStream(source),
            ContentLength: bytes,
            ContentType: 'application/octet-stream',
          }),
        );
      }
      await rm(source, { force: true });
      return { sha256, size: bytes };
    },

    read: (sha256, range) => get(contentKey(sha256), range),

    async adopt(key) {
      const hash = createHash('sha256');
      let bytes = 0;
      for await (const chunk of await get(key)) {
        hash.update(chunk as Buffer);
        bytes += (chunk as Buffer).length;
      }
      const sha256 = hash.digest('hex');
      await claims?.claim({ sha256, size: bytes });
      if ((await size(sha256)) === null) {
        await client.send(
          new CopyObjectCommand({
            Bucket: bucket,
            Key: contentKey(sha256),
            CopySource: `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
            ContentType: 'application/octet-stream',
            MetadataDirective: 'REPLACE',
          }),
        );
      }
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      return { sha256, size: bytes };
    },

    // DeleteObject answers success for a key that is not there.
    async delete(sha256) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: contentKey(sha256) }));
    },

    async *list({ after } = {}) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: 'files/',
            // Keys sort as their hashes do: the prefix folder is the hash's first two digits.
            ...(token ? { ContinuationToken: token } : after ? { StartAfter: contentKey(after) } : {}),
          }),
        );
        for (const object of page.Contents ?? []) {
          const match = CONTENT_KEY.exec(object.Key ?? '');
          if (!match || !match[2]!.startsWith(match[1]!)) continue;
          yield {
            sha256: match[2]!,
            size: object.Size ?? 0,
            modifiedAt: object.LastModified?.getTime() ?? 0,
          } satisfies ListedFile;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

/**
 * HeadObject answers a bare 404 (NotFound), GetObject names it (NoSuchKey). Any other error,
 * a missing bucket among them, is not taken for a missing file.
 */
function isMissing(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'NotFound' || name === 'NoSuchKey';
}
