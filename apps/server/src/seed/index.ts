import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import type { FileStore } from '../features/uploads/storage';
import { seedAppVersions } from './app-versions';
import { seedDemoCommunity } from './community';
import { seedDemoMembers } from './demo-members';
import { seedDemoStaff } from './demo-staff';
import { seedDemoEconomy } from './economy';
import { seedEconomyCatalog } from './economy-catalog';
import { seedDemoGames } from './games';

export interface SeedContext {
  /** The seeding clock's reading: demo content is dated relative to it. */
  now: number;
  /** The file store (the bucket, or UPLOAD_DIR) that demo pictures and files go into. */
  files: FileStore;
}

export interface Seeder {
  /** Stable name; a seeder runs once per database, recorded in the `seeds` table. */
  name: string;
  /** Runs inside the transaction that records it, so a half-seeded world never stays behind. */
  run(db: Kysely<DB>, context: SeedContext): Promise<void>;
}

/** In order; feature issues append theirs so an existing database gains their demo data too. */
export const SEEDERS: Seeder[] = [
  seedAppVersions,
  seedDemoMembers,
  seedDemoCommunity,
  seedEconomyCatalog,
  seedDemoEconomy,
  seedDemoGames,
  seedDemoStaff,
];

export async function seedDemoWorld(
  database: Database,
  { files, clock = Date.now }: { files: FileStore; clock?: () => number },
): Promise<string[]> {
  const { db } = database;
  const done = new Set((await db.selectFrom('seeds').select('name').execute()).map((r) => r.name));
  const applied: string[] = [];
  for (const seeder of SEEDERS) {
    if (done.has(seeder.name)) continue;
    await db.transaction().execute(async (trx) => {
      await seeder.run(trx, { now: clock(), files });
      await trx.insertInto('seeds').values({ name: seeder.name, applied_at: clock() }).execute();
    });
    applied.push(seeder.name);
  }
  return applied;
}
