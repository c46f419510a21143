import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function optionsRepo(db: Kysely<DB>) {
  return {
    find: (name: string) =>
      db
        .selectFrom('options')
        .select(['name', 'value', 'updated_at'])
        .where('name', '=', name)
        .executeTakeFirst(),

    async upsert(name: string, value: string, now: number): Promise<void> {
      await db
        .insertInto('options')
        .values({ name, value, updated_at: now })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at: now }))
        .execute();
    },
  };
}
export type OptionsRepo = ReturnType<typeof optionsRepo>;
