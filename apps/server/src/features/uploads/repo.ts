import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function uploadsRepo(db: Kysely<DB>) {
  return {
    /**
     * The same bytes uploaded again keep their first record (and first owner), and gain the new
     * uploader as one more owner: each member may attach only what they uploaded themselves.
     * `picture` says the picture pipeline made the bytes; bytes it makes are a picture however
     * they were first stored.
     */
    async record(row: {
      sha256: string;
      mime: string;
      bytes: number;
      width: number | null;
      height: number | null;
      ownerId: number;
      picture: boolean;
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
          picture: row.picture ? 1 : 0,
          created_at: row.now,
        })
        .onConflict((oc) =>
          row.picture ? oc.column('sha256').doUpdateSet({ picture: 1 }) : oc.column('sha256').doNothing(),
        )
        .execute();
      await db
        .insertInto('upload_owners')
        .values({ user_id: row.ownerId, sha256: row.sha256, bytes: row.bytes, created_at: row.now })
        .onConflict((oc) => oc.columns(['user_id', 'sha256']).doNothing())
        .execute();
    },

    find: (sha256: string) =>
      db
        .selectFrom('uploads')
        .select(['sha256', 'mime', 'bytes', 'picture'])
        .where('sha256', '=', sha256)
        .executeTakeFirst(),

    /** A file attached to a post, with the key its download address must carry. */
    findPostFile: (id: number) =>
      db
        .selectFrom('post_files')
        .select(['id', 'sha256', 'name', 'mime', 'access_key'])
        .where('id', '=', id)
        .executeTakeFirst(),

    countDownload: async (id: number) => {
      await db
        .updateTable('post_files')
        .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
  };
}
export type UploadsRepo = ReturnType<typeof uploadsRepo>;
