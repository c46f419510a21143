import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { Upload } from '@tus/server';
import type { Database } from '../../src/db/database';

/**
 * A local file as a finished upload/big upload, for tests that store a file the way a finished
 * tus upload is stored (`bigUploads.finish`) without sending it through tus.
 */
export function finishedUpload(file: string): Upload {
  const { size } = statSync(file);
  return new Upload({
    id: randomBytes(16).toString('hex'),
    offset: size,
    size,
    storage: { type: 'file', path: file },
  });
}

/**
 * An upload as upload/file or upload/big records it, under a fresh sha256 (the bytes themselves
 * are not stored: the tests that need them write them to the file store). With `ownerId`, that
 * member is its uploader, who alone may attach it. A WebP is taken as a picture upload/file made
 * unless `picture` says otherwise.
 */
export async function insertUpload(
  database: Database,
  upload: {
    mime: string;
    bytes: number;
    size?: { width: number; height: number } | null;
    ownerId?: number | null;
    picture?: boolean;
    now: number;
  },
): Promise<string> {
  const sha256 = randomBytes(32).toString('hex');
  await database.db
    .insertInto('uploads')
    .values({
      sha256,
      mime: upload.mime,
      bytes: upload.bytes,
      width: upload.size?.width ?? null,
      height: upload.size?.height ?? null,
      owner_id: upload.ownerId ?? null,
      picture: (upload.picture ?? upload.mime === 'image/webp') ? 1 : 0,
      created_at: upload.now,
    })
    .execute();
  if (upload.ownerId != null) {
    await database.db
      .insertInto('upload_owners')
      .values({ user_id: upload.ownerId, sha256, bytes: upload.bytes, created_at: upload.now })
      .execute();
  }
  return sha256;
}
