import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface BigUploadRow {
  id: string;
  owner_id: number;
  declared_bytes: number | null;
  created_at: number;
  touched_at: number;
}

/** The resumable uploads in progress (`big_uploads`), whichever server keeps their bytes. */
export function bigUploadsRepo(db: Kysely<DB>) {
  return {
    async insert(row: BigUploadRow): Promise<void> {
      await db.insertInto('big_uploads').values(row).execute();
    },

    /** Whose the upload is, or null when there is no such upload in progress. */
    async ownerOf(id: string): Promise<number | null> {
      const row = await db
        .selectFrom('big_uploads')
        .select('owner_id')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? Number(row.owner_id) : null;
    },

    /**
     * Marks the owner's upload as written to now, and records its length once a deferred one is
     * declared. Answers false when the member has no such upload in progress.
     */
    async touch(id: string, ownerId: number, now: number, declaredBytes: number | null): Promise<boolean> {
      const result = await db
        .updateTable('big_uploads')
        .set((eb) => ({
          touched_at: now,
          ...(declaredBytes === null
            ? {}
            : { declared_bytes: eb.fn.coalesce('declared_bytes', eb.val(declaredBytes)) }),
        }))
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Takes the owner's upload's row away and answers it; null when the member has no such upload. */
    removeOwned: (id: string, ownerId: number): Promise<BigUploadRow | undefined> =>
      db
        .deleteFrom('big_uploads')
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .returningAll()
        .executeTakeFirst(),

    async remove(id: string): Promise<void> {
      await db.deleteFrom('big_uploads').where('id', '=', id).execute();
    },

    /** Uploads nobody has written to since `before`, oldest first. */
    untouchedSince: (before: number) =>
      db
        .selectFrom('big_uploads')
        .selectAll()
        .where('touched_at', '<', before)
        .orderBy('touched_at')
        .execute(),

    /**
     * Takes the upload's row away unless it was written to since `before`, as one statement: a
     * request that touched it meanwhile keeps it, and one that comes later finds no upload.
     * Answers whether it was taken.
     */
    async removeUntouchedSince(id: string, before: number): Promise<boolean> {
      const result = await db
        .deleteFrom('big_uploads')
        .where('id', '=', id)
        .where('touched_at', '<', before)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
export type BigUploadsRepo = ReturnType<typeof bigUploadsRepo>;
