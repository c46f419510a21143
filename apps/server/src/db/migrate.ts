import { type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { Database } from './database';
import { MIGRATIONS } from './migrations';

export function migrator(database: Database): Migrator {
  return new Migrator({
    db: database.db,
    provider: {
      async getMigrations() {
        const all: Record<string, Migration> = {};
        for (const [name, up] of MIGRATIONS) all[name] = { up: (db) => up(db, database.dialect) };
        return all;
      },
    },
  });
}

export class MigrationError extends Error {}

/** Brings the schema to the latest migration; pending migrations commit together or not at all. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const schema = migrator(database);
  // The migrator takes PostgreSQL's session-level advisory lock even with nothing to do; through a
  // pooler in transaction mode its unlock can land on another connection and leave the lock held
  // (docs/deployment.md). Every server start checks first, and takes the lock only to migrate.
  if ((await schema.getMigrations()).every((m) => m.executedAt !== undefined)) return [];
  const result: MigrationResultSet = await schema.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
