import { createHash } from 'node:crypto';
import pg from 'pg';

/** Statements that change the schema; a prepared `select "posts".*` would keep its old column list. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/** PostgreSQL's `cached plan must not change result type`, after another process changed a table. */
const FEATURE_NOT_SUPPORTED = '0A000';

/** SQL texts to run as named statements, with the hash their names are made of. */
const hashes = new Map<string, string>();

/**
 * Names carry a generation, moved on by every schema change this process sends (a migration) and
 * by a prepared statement that a schema change elsewhere made stale, so each connection prepares
 * the statement afresh under a new name instead of running the plan made for the old tables.
 */
let generation = 0;

/**
 * Runs `sql` as a named prepared statement on PostgreSQL from now on: each connection parses and
 * plans it once, then only binds values. Meant for the app's hot statements, built once
 * (db/compiled-once.ts): their texts are few and fixed, whereas naming every text would fill each
 * backend with statements used once (a list's length is part of the text).
 */
export function prepareByName(sql: string): void {
  if (!hashes.has(sql)) hashes.set(sql, createHash('sha1').update(sql).digest('hex').slice(0, 24));
}

/** The name `sql` is prepared under now, or undefined for a statement sent unnamed. */
export function statementName(sql: string): string | undefined {
  const hash = hashes.get(sql);
  return hash === undefined ? undefined : `ph${generation}_${hash}`;
}

/**
 * pg sends every query as an unnamed statement that PostgreSQL parses and plans anew, which for a
 * feed page takes as long as running it. Kysely's driver calls `client.query(sql, values)`; this
 * client (the pool's `Client`) turns that call into `{ name, text, values }` for the texts marked
 * with `prepareByName`. pg remembers per connection which names it has parsed, so a new or
 * replaced connection prepares its own.
 */
export class NamingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this passes them on
  override query(...args: any[]): any {
    const [text, values] = args;
    if (typeof text === 'string') {
      const name = args.length === 2 && Array.isArray(values) ? statementName(text) : undefined;
      if (name !== undefined) {
        return super.query({ name, text, values }).catch((error: { code?: string }) => {
          if (error?.code === FEATURE_NOT_SUPPORTED && statementName(text) === name) generation++;
          throw error;
        });
      }
      if (SCHEMA_CHANGE.test(text)) generation++;
    }
    return super.query(...(args as Parameters<pg.Client['query']>));
  }
}
