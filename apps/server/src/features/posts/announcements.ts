import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ProductText } from '../../product-text';

/**
 * Home banners and the opening popup: written by operators (ops/cli.ts) and the demo seed, read by
 * the app; `text` gives the product's own in the reader's language.
 */
export function announcementsService({ db, clock }: { db: Kysely<DB>; clock: () => number }) {
  return {
    async banners(text: ProductText) {
      const rows = await db
        .selectFrom('banners')
        .select(['id', 'title', 'image', 'link'])
        .where('active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id), title: text(r.title) }));
    },

    /** The popup showing now: started, not ended, the newest if several. */
    async popup(text: ProductText) {
      const now = clock();
      const row = await db
        .selectFrom('popups')
        .select(['id', 'title', 'text', 'image', 'link'])
        .where('starts_at', '<=', now)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? { ...row, id: Number(row.id), title: text(row.title), text: text(row.text) } : null;
    },

    /** A banner after the others. */
    async addBanner(banner: { title: string; image: string; link: string }): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { last } = await trx
          .selectFrom('banners')
          .select((eb) => eb.fn.max('position').as('last'))
          .executeTakeFirstOrThrow();
        const { id } = await trx
          .insertInto('banners')
          .values({ ...banner, position: Number(last ?? -1) + 1, created_at: clock() })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(id);
      });
    },

    /** The new popup shows from now on; the one showing until now ends. */
    async setPopup(popup: { title: string; text: string; link: string }): Promise<number> {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        await trx.updateTable('popups').set({ ends_at: now }).where('ends_at', 'is', null).execute();
        const { id } = await trx
          .insertInto('popups')
          .values({ ...popup, starts_at: now, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return Number(id);
      });
    },
  };
}
export type AnnouncementsService = ReturnType<typeof announcementsService>;
