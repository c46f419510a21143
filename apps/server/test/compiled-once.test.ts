import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledOnce, type Params } from '../src/db/compiled-once';
import { createTestDatabase, type TestDatabase } from './helper';
import { recordQueries } from './support/queries';

let t: TestDatabase;
beforeEach(async () => {
  t = await createTestDatabase();
  for (const [position, name] of ['ada', 'bob', 'cy', 'dee'].entries())
    await t.database.db
      .insertInto('categories')
      .values({ name, icon: '', topic_type: 1, position, created_at: 1 })
      .execute();
});
afterEach(() => t.drop());

const byName = compiledOnce((db, p: Params<{ names: string[]; min: number }>, n: number) =>
  db
    .selectFrom('categories')
    .select('name')
    .where('name', 'in', p.list('names', n))
    .where('position', '>=', p.min)
    .orderBy('name'),
);

describe('queries compiled once', () => {
  it('builds a shape once and runs it with each call’s values', async () => {
    const { db, queries } = recordQueries(t.database);
    const run = (names: string[], min: number) => byName(db, { names, min }, names.length);
    expect((await run(['ada', 'bob'], 0)).map((r) => r.name)).toEqual(['ada', 'bob']);
    expect((await run(['cy', 'dee'], 3)).map((r) => r.name)).toEqual(['dee']);
    expect((await run(['ada', 'bob', 'cy'], 1)).map((r) => r.name)).toEqual(['bob', 'cy']);
    // Two shapes (two list lengths), the same SQL text for the same shape.
    expect(new Set(queries.map((q) => q.sql)).size).toBe(2);
    expect(queries.map((q) => q.parameters)).toEqual([
      ['ada', 'bob', 0],
      ['cy', 'dee', 3],
      ['ada', 'bob', 'cy', 1],
    ]);
  });

  it('refuses a build that reads a value but leaves it out of the SQL', async () => {
    const dropped = compiledOnce((db, p: Params<{ name: string; min: number }>) => {
      const wanted = [p.name];
      return db
        .selectFrom('categories')
        .select('name')
        .where('position', '>=', p.min)
        .$if(wanted.length > 1, (q) => q.where('name', 'in', wanted));
    });
    await expect(dropped(t.database.db, { name: 'ada', min: 0 })).rejects.toThrow(
      /does not bind its parameter name/,
    );
  });

  it('never reads inside a transaction another caller holds open', async () => {
    const db = t.database.db;
    const named = (name: string) => byName(db, { names: [name], min: 0 }, 1);
    expect(await named('zed')).toEqual([]);
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('categories')
          .values({ name: 'zed', icon: '', topic_type: 1, position: 9, created_at: 1 })
          .execute();
        inserted();
        await held;
        throw new Error('rolled back');
      })
      .catch((error: Error) => error.message);
    await insertedOnce;
    // Asked while the transaction is open: answered after it ends, without its rolled-back row.
    const during = named('zed');
    release();
    expect(await during).toEqual([]);
    expect(await rolledBack).toBe('rolled back');
  });
});
