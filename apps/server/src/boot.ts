import type { Config } from './config';
import { type Database, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoWorld } from './seed';

/** Opens the configured database and brings it up to date: migrations, then the demo world. */
export async function prepareDatabase(config: Config, log: (msg: string) => void): Promise<Database> {
  const database = openDatabase(config.databaseUrl);
  try {
    const migrated = await migrateToLatest(database);
    if (migrated.length) log(`migrated: ${migrated.join(', ')}`);
    if (config.seed) {
      const seeded = await seedDemoWorld(database, { uploadDir: config.uploadDir });
      if (seeded.length) log(`seeded: ${seeded.join(', ')}`);
    }
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}
