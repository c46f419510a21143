import type { Database } from '../../src/db/database';

let sequence = 0;

/** A category; categories have no endpoint that makes them (the seed and operators do). */
export async function insertCategory(
  database: Database,
  options: { name?: string; position?: number } = {},
): Promise<number> {
  sequence += 1;
  const row = await database.db
    .insertInto('categories')
    .values({
      name: options.name ?? `Category ${sequence}`,
      position: options.position ?? 0,
      created_at: Date.UTC(2026, 0, 1),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A topic in `categoryId` (a new category when not given). */
export async function insertTopic(
  database: Database,
  options: { categoryId?: number; name?: string; minLevel?: number; minAge?: number } = {},
): Promise<number> {
  sequence += 1;
  const categoryId = options.categoryId ?? (await insertCategory(database));
  const row = await database.db
    .insertInto('topics')
    .values({
      category_id: categoryId,
      name: options.name ?? `Topic ${sequence}`,
      min_level: options.minLevel ?? 1,
      min_age: options.minAge ?? 0,
      created_at: Date.UTC(2026, 0, 1),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Levels grow through the Economy feature; tests set them directly. */
export async function setLevel(database: Database, userId: number, level: number): Promise<void> {
  await database.db.updateTable('users').set({ level }).where('id', '=', userId).execute();
}

export async function makeTourist({ database }: { database: Database }, userId: number): Promise<void> {
  await database.db.updateTable('users').set({ is_tourist: 1 }).where('id', '=', userId).execute();
}
