import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { prepareByName } from './named-statements';
import type { DB } from './schema';
import { literalLimits, readsNow } from './sqlite-statements';

/** Where a value goes in a query built once: a named parameter, or one element of a named list. */
class Slot {
  constructor(
    readonly name: string,
    readonly index: number | null,
  ) {}
}

/**
 * The values a query built once is run with, as its builder sees them: each property stands for
 * the value given at run time (`list(name, n)` for `n` values of an array).
 */
export type Params<P> = { readonly [K in keyof P]: P[K] } & {
  list<K extends keyof P>(name: K, n: number): P[K];
};

type Build<P, R, K> = (db: Kysely<DB>, params: Params<P>, shape: K) => Compilable<R>;

interface Compiled {
  query: CompiledQuery;
  /** For each bound parameter: the slot to read from the run's values, or null for a constant. */
  slots: (Slot | null)[];
}

function compile<P, R, K>(db: Kysely<DB>, build: Build<P, R, K>, shape: K): Compiled {
  const made: Slot[] = [];
  const slot = (name: string, index: number | null) => {
    const s = new Slot(name, index);
    made.push(s);
    return s;
  };
  const params = new Proxy({} as Params<P>, {
    get: (_target, name) => {
      if (name === 'list')
        return (list: string, n: number) => Array.from({ length: n }, (_, i) => slot(list, i));
      if (typeof name !== 'string') return undefined;
      return slot(name, null);
    },
  });
  // A LIMIT is part of the shape, so it goes into the text as a number. PostgreSQL estimates a
  // bound LIMIT at a tenth of the rows, so the generic plan of a named statement looks far dearer
  // than a custom one and it would plan every run afresh; SQLite replans a bound LIMIT too.
  const query = build(db.withPlugin(literalLimits), params, shape).compile();
  const slots = query.parameters.map((value) => (value instanceof Slot ? value : null));
  // A slot the SQL does not bind (written into the text, or dropped) would silently ignore its value.
  const bound = new Set(slots);
  const lost = made.find((s) => !bound.has(s));
  if (lost) throw new Error(`the query built once does not bind its parameter ${lost.name}`);
  prepareByName(query.sql);
  return { query, slots };
}

/**
 * A query whose Kysely build and compile (more than SQLite takes to run an indexed query) happen
 * once per database and shape, then run with new values: the SQL text is the one Kysely writes, so
 * it is the same on both engines and reuses SQLite's prepared statement; on PostgreSQL it runs as a
 * named prepared statement (db/named-statements.ts). On SQLite a read runs straight on its prepared
 * statement once Kysely has prepared it (`readsNow` in db/sqlite-statements.ts). `build` must take every
 * per-run value from `params` (never from a closure), and anything in `shape` changes the SQL (a
 * LIMIT, a list's length, a nullable filter); use shapes with few values.
 */
export function compiledOnce<P, R, K extends string | number = ''>(
  build: Build<P, R, K>,
): (db: Kysely<DB>, values: P, shape?: K) => Promise<R[]> {
  const byDb = new WeakMap<Kysely<DB>, Map<K, Compiled>>();
  return async (db, values, shape = '' as K) => {
    let shapes = byDb.get(db);
    if (!shapes) {
      shapes = new Map();
      byDb.set(db, shapes);
    }
    let compiled = shapes.get(shape);
    if (!compiled) {
      compiled = compile(db, build, shape);
      shapes.set(shape, compiled);
    }
    const { query, slots } = compiled;
    const given = values as Record<string, unknown>;
    const parameters = slots.map((s, i) =>
      s === null
        ? query.parameters[i]
        : s.index === null
          ? given[s.name]
          : (given[s.name] as unknown[])[s.index],
    );
    const rows = readsNow.get(db)?.(query.sql, parameters);
    if (rows) return rows as R[];
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  };
}
