import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Dialect } from '../dialect';

/**
 * Full-text search indexes, searched as case-insensitive substrings on both engines (so Japanese
 * and Korean words and parts of words are found, which word tokenizers miss):
 * - SQLite: FTS5 tables with the trigram tokenizer, holding only the index (`content=` the
 *   table itself) and kept in step by triggers.
 * - PostgreSQL: pg_trgm GIN indexes, which `ILIKE '%term%'` uses.
 */
const SEARCHED: ReadonlyArray<{ table: string; columns: string[] }> = [
  { table: 'posts', columns: ['text'] },
  { table: 'topics', columns: ['name', 'description'] },
  { table: 'users', columns: ['nickname', 'username'] },
];

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was then
export async function up(db: Kysely<any>, d: Dialect): Promise<void> {
  if (d.engine === 'sqlite') {
    for (const { table, columns } of SEARCHED) await createFts(db, table, columns);
  } else {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const { table, columns } of SEARCHED) {
      const opclasses = sql.raw(columns.map((c) => `${c} gin_trgm_ops`).join(', '));
      await sql`create index ${sql.raw(`${table}_search_trgm`)} on ${sql.table(table)} using gin (${opclasses})`.execute(
        db,
      );
    }
  }
  // Hot searches sum the last days' rows.
  await db.schema.createIndex('search_terms_day').on('search_terms').columns(['day', 'term']).execute();
}

async function createFts(db: Kysely<unknown>, table: string, columns: string[]): Promise<void> {
  const fts = `${table}_fts`;
  const list = columns.join(', ');
  const values = (prefix: string) => columns.map((c) => `${prefix}.${c}`).join(', ');
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(
    `create virtual table ${fts} using fts5(${list}, content='${table}', content_rowid='id', tokenize='trigram')`,
  );
  const insert = `insert into ${fts}(rowid, ${list}) values (new.id, ${values('new')});`;
  const remove = `insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${values('old')});`;
  await run(`create trigger ${fts}_insert after insert on ${table} begin ${insert} end`);
  await run(`create trigger ${fts}_delete after delete on ${table} begin ${remove} end`);
  // Only a change to a searched column touches the index: count updates stay cheap.
  await run(`create trigger ${fts}_update after update of ${list} on ${table} begin ${remove} ${insert} end`);
  await run(`insert into ${fts}(${fts}) values ('rebuild')`);
}
