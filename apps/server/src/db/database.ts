import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
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
    dialect: new WritingSqliteDialect({ database: statements }),
    plugins: [literalLimits],
  });
  readsNow.set(db, statements.readNow);
  return db;
}

/**
 * Kysely begins SQLite transactions deferred: as reads, made writes by their first write. When
 * another connection (an operator command, another process) writes in between, SQLite refuses
 * that upgrade at once with SQLITE_BUSY ("database is locked"), never waiting out busy_timeout.
 * Every transaction of the app writes, so each takes the write lock as it begins and, while
 * another connection holds it, waits its turn.
 */
class WritingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new WritingSqliteDriver(this.#config);
  }
}

class WritingSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

function openPostgres(connectionString: string, max = 10): Kysely<DB> {
  const pool = new pg.Pool({
    connectionString,
    max,
    Client: NamingClient,
    // A failover whose old host vanishes without closing its sockets: a new connection gives up
    // after 5 s (answering 503) instead of hanging, and TCP keep-alive finds the dead lent ones.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A connection the server ends (a restart, a failover) emits an error; unheard, it would crash
  // the process. An idle one the pool drops and replaces on the next query.
  pool.on('error', () => {});
  // One lent to a request or a transaction has no pool listener meanwhile: its query in flight
  // (or its next one, and the rollback) already fails and answers 503, and the pool drops the
  // broken connection when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
