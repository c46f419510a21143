import type SQLite from 'better-sqlite3';
import {
  AliasNode,
  FromNode,
  type KyselyPlugin,
  LimitNode,
  type OperationNode,
  SelectQueryNode,
  type SqliteDatabase,
  ValueNode,
} from 'kysely';

/** Distinct SQL texts kept prepared; the app has a few hundred, far fewer on its hot paths. */
const STATEMENT_CACHE_SIZE = 500;

/** Statements that change the schema; a prepared `select *` would keep its old column list. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * Kysely's SQLite driver prepares every query anew, which costs more than running a feed page's
 * indexed queries. A statement is reusable in better-sqlite3 (parameters are bound per call, and
 * `reader` depends only on the SQL), so one per distinct SQL text is kept, least recently used
 * dropped first, and all of them after a schema change. A statement still being iterated (a
 * stream) is busy and cannot run again until it finishes, so a busy one is answered with a fresh,
 * uncached statement. Reads share read transactions (`readBatches`).
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  size = STATEMENT_CACHE_SIZE,
): SqliteDatabase & { readNow: ReadNow } {
  const cache = new Map<string, SqliteStatement>();
  const batches = readBatches(sqlite);
  return {
    readNow(sql, parameters) {
      const statement = cache.get(sql);
      if (!statement?.reader || !statement.readonly || statement.busy) return undefined;
      // A transaction of the app's own holds the connection: a read now would run inside it.
      if (sqlite.inTransaction && !batches.isOpen()) return undefined;
      cache.delete(sql);
      cache.set(sql, statement);
      return statement.all(parameters) as Record<string, unknown>[];
    },
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached) {
        if (cached.busy) return batches.around(objectRows(sqlite.prepare(sql)));
        // Re-inserting makes the Map's order the recency order.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      if (SCHEMA_CHANGE.test(sql)) {
        cache.clear();
        return batches.around(sqlite.prepare(sql));
      }
      const statement = batches.around(objectRows(sqlite.prepare(sql)));
      cache.set(sql, statement);
      if (cache.size > size) cache.delete(cache.keys().next().value!);
      return statement;
    },
    close() {
      batches.end();
      cache.clear();
      sqlite.close();
    },
  };
}

/**
 * On SQLite each statement run outside a transaction is a read transaction of its own: it takes
 * and drops the WAL read lock (two `fcntl` calls), which costs several times an indexed lookup.
 * So the reads of one turn of the event loop (a request's session, page and overlay, and those of
 * the other requests answered in the same turn) share one read transaction, opened by the first
 * read and committed at the end of the turn (`setImmediate`), before any I/O is waited for.
 * Anything else (a write, `begin`, a schema change) first commits the open batch, so a write and
 * every read after it see the writes of this connection at once, and a transaction of the app's
 * own never nests in a batch; reads inside the app's transactions are left to them. What another
 * connection (another process, the ops CLI) commits meanwhile shows from the next turn on.
 */
function readBatches(sqlite: SQLite.Database) {
  const begin = sqlite.prepare('begin');
  const commit = sqlite.prepare('commit');
  let open = false;
  let iterating = 0;

  function end(): void {
    if (!open) return;
    open = false;
    if (sqlite.open && sqlite.inTransaction) commit.run();
  }

  function read(): void {
    // An iterator may outlive the turn; its reads stay statements of their own.
    if (open || iterating > 0 || sqlite.inTransaction) return;
    begin.run();
    open = true;
    setImmediate(end);
  }

  return {
    end,
    isOpen: () => open,
    /** The statement, run inside the open batch when it only reads. */
    around(statement: SqliteStatement): SqliteStatement {
      const reads = statement.reader && statement.readonly;
      return {
        reader: statement.reader,
        readonly: statement.readonly,
        get busy() {
          return statement.busy;
        },
        all(parameters) {
          if (reads) read();
          else end();
          return statement.all(parameters);
        },
        run(parameters) {
          if (reads) read();
          else end();
          return statement.run(parameters);
        },
        *iterate(parameters) {
          end();
          iterating += 1;
          try {
            yield* statement.iterate(parameters);
          } finally {
            iterating -= 1;
          }
        },
      };
    },
  };
}

/**
 * Runs a read already prepared by an earlier run through Kysely, at once and without Kysely's
 * executor (its connection queue, plugins and promises cost more than an indexed lookup), or
 * answers undefined when it must go through Kysely: not prepared yet, not a plain read, busy, or
 * the connection inside a transaction of the app's own, which Kysely's queue waits for.
 */
export type ReadNow = (sql: string, parameters: readonly unknown[]) => Record<string, unknown>[] | undefined;

/** The `readNow` of each SQLite Kysely instance (not of its transactions or plugin copies). */
export const readsNow = new WeakMap<object, ReadNow>();

type SqliteStatement = ReturnType<SqliteDatabase['prepare']> & {
  readonly busy: boolean;
  /** Whether running it leaves the database as it was (`begin` and `commit` included). */
  readonly readonly: boolean;
};

/**
 * better-sqlite3 builds each result row property by property through V8's slow path, which costs
 * more than the query on a page of posts. Reading rows as arrays and turning them into objects
 * with one literal of the statement's columns (same keys, same order, same values) is twice as
 * fast. Writes pass through untouched.
 */
function objectRows(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const names = statement.columns().map((c) => c.name);
  // A column named __proto__ would set the prototype in a literal; such a statement keeps objects.
  if (names.includes('__proto__')) return statement;
  statement.raw(true);
  const toObject = new Function(
    'row',
    `return {${names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ')}};`,
  ) as (row: unknown[]) => Record<string, unknown>;
  return {
    reader: true,
    readonly: statement.readonly,
    get busy() {
      return statement.busy;
    },
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toObject),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const row of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toObject(row);
    },
  };
}

/**
 * The SQLite better-sqlite3 builds (3.53) reads a bound LIMIT while planning, so binding a value
 * to it expires the statement and the next run prepares it again: every `limit ?` query pays a
 * full prepare, more than a feed page's query itself, whatever the statement cache holds. A LIMIT
 * written into the SQL as a number (only ever a non-negative safe integer) keeps the prepared
 * statement; the few page sizes make few distinct texts. OFFSET is not read while planning, so it
 * stays bound.
 * Walking every node of every query costs as much as compiling it, so only the places a paged
 * select lives are visited: the query itself, its unions, its CTEs and the selects it reads from.
 */
export const literalLimits: KyselyPlugin = {
  transformQuery: ({ node }) => (SelectQueryNode.is(node) ? withLiteralLimits(node) : node),
  transformResult: async ({ result }) => result,
};

function withLiteralLimits(select: SelectQueryNode): SelectQueryNode {
  const changes: { -readonly [K in keyof SelectQueryNode]?: SelectQueryNode[K] } = {};
  const limit = select.limit?.limit;
  if (
    limit &&
    ValueNode.is(limit) &&
    !limit.immediate &&
    Number.isSafeInteger(limit.value) &&
    Number(limit.value) >= 0
  ) {
    changes.limit = LimitNode.create(ValueNode.createImmediate(limit.value));
  }
  const froms = select.from?.froms;
  if (froms?.some(nestsSelect)) changes.from = FromNode.create(froms.map(inNested));
  if (select.setOperations?.some((op) => SelectQueryNode.is(op.expression))) {
    changes.setOperations = select.setOperations.map((op) =>
      SelectQueryNode.is(op.expression) ? { ...op, expression: withLiteralLimits(op.expression) } : op,
    );
  }
  if (select.with?.expressions.some((cte) => SelectQueryNode.is(cte.expression))) {
    changes.with = {
      ...select.with,
      expressions: select.with.expressions.map((cte) =>
        SelectQueryNode.is(cte.expression) ? { ...cte, expression: withLiteralLimits(cte.expression) } : cte,
      ),
    };
  }
  return Object.keys(changes).length === 0 ? select : { ...select, ...changes };
}

const nestsSelect = (node: OperationNode) =>
  SelectQueryNode.is(node) || (AliasNode.is(node) && SelectQueryNode.is(node.node));

function inNested(node: OperationNode): OperationNode {
  if (SelectQueryNode.is(node)) return withLiteralLimits(node);
  if (AliasNode.is(node) && SelectQueryNode.is(node.node)) {
    return AliasNode.create(withLiteralLimits(node.node), node.alias);
  }
  return node;
}
