import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { type Dialect, dialectFor, type Engine } from './dialect';
import { NamingClient } from './named-statements';
import type { DB } from './schema';
import { literalLimits, readsNow, withStatementCache } from './sqlite-statements';

// int8 (counts, epoch ms, balances) as numbers: every value we store fits in 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  dialect: Dialect;
  close(): Promise<void>;
}

export function engineOf(url: string): Engine {
  return url.startsWith('file:') ? 'sqlite' : 'postgres';
}

export function openDatabase(url: string, options: { poolSize?: number } = {}): Database {
  const engine = engineOf(url);
  const db =
    engine === 'sqlite' ? openSqlite(url.slice('file:'.length)) : openPostgres(url, options.poolSize);
  return { db, engine, dialect: dialectFor(engine), close: () => db.destroy() };
}

function openSqlite(file: string): Kysely<DB> {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // WAL makes NORMAL durable against application crashes; only an OS crash can lose the last commit.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const statements = withStatementCache(sqlite);
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: statements }),
    plugins: [literalLimits],
  });
  readsNow.set(db, statements.readNow);
  return db;
}

function openPostgres(connectionString: string, max = 10): Kysely<DB> {
  const pool = new pg.Pool({ connectionString, max, Client: NamingClient });
  // An idle connection the server ends (a restart, a failover) is dropped from the pool and
  // replaced on the next query; unhandled, its error would crash the process.
  pool.on('error', () => {});
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
