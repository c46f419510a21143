import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { People } from './people';
import { CATEGORIES, TOPICS } from './topics';

const DAY = 86_400_000;

/**
 * The home tabs and their topics. A topic whose name is taken already (names are unique
 * regardless of case) is used as it is. Answers topic ids by key.
 */
export async function seedPlaces(
  db: Kysely<DB>,
  people: People,
  icons: { categories: string[]; topics: string[] },
  now: number,
): Promise<Map<string, number>> {
  const { last } = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.max('position').as('last'))
    .executeTakeFirstOrThrow();
  const categoryIds = new Map<string, number>();
  for (const [i, c] of CATEGORIES.entries()) {
    const { id } = await db
      .insertInto('categories')
      .values({
        name: c.name,
        icon: icons.categories[i]!,
        position: Number(last ?? -1) + 1 + i,
        created_at: now - 400 * DAY,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.set(c.key, Number(id));
  }

  const topicIds = new Map<string, number>();
  for (const [i, t] of TOPICS.entries()) {
    await db
      .insertInto('topics')
      .values({
        category_id: categoryIds.get(t.category)!,
        name: t.name,
        icon: icons.topics[i]!,
        description: t.description,
        min_level: t.minLevel ?? 1,
        min_age: t.minAge ?? 0,
        created_by: people.idOf(t.createdBy),
        created_at: now - (380 - i * 7) * DAY,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const { id } = await db
      .selectFrom('topics')
      .select('id')
      .where(sql`lower(name)`, '=', t.name.toLowerCase())
      .executeTakeFirstOrThrow();
    topicIds.set(t.key, Number(id));
  }
  return topicIds;
}
