import { UPLOAD_MAX_BYTES } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

/** "2 GB", "1.5 GB", "500 MB": the quota as the refusal names it. */
export function sizeLabel(bytes: number): string {
  if (bytes >= GIB) return `${Number((bytes / GIB).toFixed(1))} GB`;
  return `${Number((bytes / MIB).toFixed(1))} MB`;
}

const total = (row: { n: unknown } | undefined) => Number(row?.n ?? 0);

/**
 * How much one member stores, against the quota: the files of their posts, the state files and
 * screenshots of their archives, and their resumable uploads in progress at the length they
 * declared (one whose length is still deferred may grow to UPLOAD_MAX_BYTES, so it counts as that).
 */
export function storageQuota({ db, quotaBytes }: { db: Kysely<DB>; quotaBytes: number }) {
  async function stored(userId: number): Promise<number> {
    const [posts, states, screenshots] = await Promise.all([
      db
        .selectFrom('post_files as f')
        .innerJoin('posts as p', 'p.id', 'f.post_id')
        .select((eb) => eb.fn.sum<number>('f.bytes').as('n'))
        .where('p.user_id', '=', userId)
        .executeTakeFirst(),
      db
        .selectFrom('archive_versions as v')
        .innerJoin('archive_slots as s', 's.id', 'v.slot_id')
        .select((eb) => eb.fn.sum<number>('v.bytes').as('n'))
        .where('s.user_id', '=', userId)
        .executeTakeFirst(),
      db
        .selectFrom('archive_versions as v')
        .innerJoin('archive_slots as s', 's.id', 'v.slot_id')
        .innerJoin('uploads as u', 'u.sha256', 'v.image_sha256')
        .select((eb) => eb.fn.sum<number>('u.bytes').as('n'))
        .where('s.user_id', '=', userId)
        .executeTakeFirst(),
    ]);
    return total(posts) + total(states) + total(screenshots);
  }

  async function inProgress(userId: number): Promise<number> {
    const row = await db
      .selectFrom('big_uploads')
      .select((eb) => eb.fn.sum<number>(eb.fn.coalesce('declared_bytes', eb.lit(UPLOAD_MAX_BYTES))).as('n'))
      .where('owner_id', '=', userId)
      .executeTakeFirst();
    return total(row);
  }

  const usage = async (userId: number) => (await stored(userId)) + (await inProgress(userId));

  return {
    usage,
    /** The quota as the refusal names it. */
    label: sizeLabel(quotaBytes),
    /** Whether `bytes` more still fit in the member's quota. */
    hasRoom: async (userId: number, bytes: number) => (await usage(userId)) + bytes <= quotaBytes,
  };
}
export type StorageQuota = ReturnType<typeof storageQuota>;
