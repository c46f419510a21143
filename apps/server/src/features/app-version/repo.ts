import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function appVersionsRepo(db: Kysely<DB>) {
  return {
    all: () =>
      db
        .selectFrom('app_versions')
        .select(['version', 'notes', 'force_update', 'download_url', 'released_at'])
        .execute(),

    async upsert(row: {
      version: string;
      notes: string;
      force_update: boolean;
      download_url: string | null;
      released_at: number;
    }): Promise<void> {
      const values = { ...row, force_update: row.force_update ? 1 : 0 };
      await db
        .insertInto('app_versions')
        .values(values)
        .onConflict((oc) =>
          oc.column('version').doUpdateSet({
            notes: values.notes,
            force_update: values.force_update,
            download_url: values.download_url,
          }),
        )
        .execute();
    },
  };
}
export type AppVersionsRepo = ReturnType<typeof appVersionsRepo>;
