import type { Config } from './config';
import { type Database, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { type Engines, openEngines } from './engines';
import { claimsAfterwards, storedFileClaims } from './features/file-lifetime/public';
import { fileStoreFor } from './features/uploads/storage';
import { seedDemoWorld } from './seed';

/**
 * Opens the configured database and brings it up to date: migrations, then the demo world, whose
 * files go to the server's file store (the bucket when `engines` has one). A caller that opened
 * no engines gets some for the seed alone, so demo files still land where the servers look.
 */
export async function prepareDatabase(
  config: Config,
  log: (msg: string) => void,
  engines?: Engines,
): Promise<Database> {
  const database = openDatabase(config.databaseUrl);
  try {
    const migrated = await migrateToLatest(database);
    if (migrated.length) log(`migrated: ${migrated.join(', ')}`);
    if (config.seed) {
      const seedEngines = engines ?? openEngines(config);
      try {
        // The seed puts its files inside its transactions: claimed once they have committed.
        const claims = claimsAfterwards(
          storedFileClaims({ db: database.db, engine: database.engine, clock: Date.now }),
        );
        const seeded = await seedDemoWorld(database, { files: fileStoreFor(config, seedEngines, claims) });
        await claims.flush();
        if (seeded.length) log(`seeded: ${seeded.join(', ')}`);
      } finally {
        if (!engines) await seedEngines.close();
      }
    }
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}
