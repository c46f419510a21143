import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

/**
 * The few places where SQLite and PostgreSQL differ, kept in one file so migrations and repos
 * stay engine-neutral.
 */
export interface Dialect {
  engine: Engine;
  /** An auto-incrementing integer primary key column named `id`. */
  withId<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
  /** A 64-bit integer column type for epoch milliseconds and money. */
  bigint: 'bigint' | 'integer';
  /** A 64-bit float column type (scores). */
  double: 'double precision' | 'real';
}

export function dialectFor(engine: Engine): Dialect {
  if (engine === 'sqlite') {
    return {
      engine,
      withId: (t) => t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
      bigint: 'integer',
      double: 'real',
    };
  }
  return {
    engine,
    withId: (t) => t.addColumn('id', 'bigserial', (c) => c.primaryKey()),
    bigint: 'bigint',
    double: 'double precision',
  };
}

/**
 * Whether a transaction that reads a row and then writes by what it read (a toggle) must lock
 * that row first. PostgreSQL runs transactions side by side, so two such reads would see the
 * same state; SQLite runs one transaction at a time on its one connection and has no
 * `SELECT … FOR UPDATE`.
 */
export const locksRows = (engine: Engine): boolean => engine === 'postgres';

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

// biome-ignore lint/suspicious/noExplicitAny: the probe works on any schema
export async function ping(db: Kysely<any>): Promise<void> {
  await sql`select 1`.execute(db);
}
