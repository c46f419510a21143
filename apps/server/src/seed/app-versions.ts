import { CLIENT_VERSION } from '@pixelhall/contract';
import type { Seeder } from './index';

export const seedAppVersions: Seeder = {
  name: 'app-versions',
  async run(db) {
    await db
      .insertInto('app_versions')
      .values({
        version: CLIENT_VERSION,
        notes: 'Community feeds, the game library and cloud saves in one app.',
        force_update: 0,
        download_url: null,
        released_at: Date.UTC(2026, 9, 1),
      })
      .onConflict((oc) => oc.column('version').doNothing())
      .execute();
  },
};
