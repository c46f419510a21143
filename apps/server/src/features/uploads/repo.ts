import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function uploadsRepo(db: Kysely<DB>) {
  return {
    /** The same bytes uploaded again keep their first record (and owner). */
    async record(row: {
      sha256: string;
      mime: string;
      bytes: number;
      width: number | null;
      height: number | null;
      ownerId: number;
      now: number;
    }): Promise<void> {
      await db
        .insertInto('uploads')
        .values({
          sha256: row.sha256,
          mime: row.mime,
          bytes: row.bytes,
          width: row.width,
          height: row.height,
          owner_id: row.ownerId,
          created_at: row.now,
        })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
    },

    find: (sha256: string) =>
      db
        .selectFrom('uploads')
        .select(['sha256', 'mime', 'bytes'])
        .where('sha256', '=', sha256)
        .executeTakeFirst(),
  };
}
export type UploadsRepo = ReturnType<typeof uploadsRepo>;
