import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type Generated,
  Kysely,
  type KyselyPlugin,
  type RootOperationNode,
  SqliteDialect,
} from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { literalLimits, withStatementCache } from '../src/db/sqlite-statements';

interface Scratch {
  items: { id: number; name: string; score: number };
}

let open: SQLite.Database[] = [];
let dirs: string[] = [];
afterEach(() => {
  for (const db of open) db.close();
  open = [];
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function scratch() {
  const sqlite = new SQLite(':memory:');
  open.push(sqlite);
  sqlite.exec('create table items (id integer primary key, name text not null, score real not null)');
  const insert = sqlite.prepare('insert into items (name, score) values (?, ?)');
  for (let i = 1; i <= 30; i += 1) insert.run(`item ${i}`, i / 2);
  return sqlite;
}

describe('the statement cache', () => {
  it('prepares each SQL text once and answers rows exactly as better-sqlite3 does', () => {
    const sqlite = scratch();
    const cached = withStatementCache(sqlite);
    const query = 'select id, name, score, id as id, null as empty from items where id <= ? order by id';
    const statement = cached.prepare(query);
    expect(cached.prepare(query)).toBe(statement);
    const rows = statement.all([3]);
    expect(rows).toEqual(sqlite.prepare(query).all(3));
    expect(Object.keys(rows[0] as object)).toEqual(['id', 'name', 'score', 'empty']);
    // A column named like the prototype stays a column.
    const proto = cached.prepare('select 1 as "__proto__", 2 as other').all([]);
    expect(proto).toEqual(sqlite.prepare('select 1 as "__proto__", 2 as other').all());
    expect(Object.getPrototypeOf(proto[0])).toBe(Object.prototype);
  });

  it('runs writes as writes', () => {
    const cached = withStatementCache(scratch());
    const insert = cached.prepare('insert into items (name, score) values (?, ?)');
    expect(insert.reader).toBe(false);
    expect(insert.run(['new', 1])).toMatchObject({ changes: 1, lastInsertRowid: 31 });
    const returning = cached.prepare('update items set score = score + 1 where id = ? returning score');
    expect(returning.reader).toBe(true);
    expect(returning.all([31])).toEqual([{ score: 2 }]);
  });

  it('keeps the most recently used statements, and none across a schema change', () => {
    const cached = withStatementCache(scratch(), 2);
    const a = cached.prepare('select id from items where id = ?');
    const b = cached.prepare('select name from items where id = ?');
    expect(cached.prepare('select id from items where id = ?')).toBe(a);
    cached.prepare('select score from items where id = ?');
    expect(cached.prepare('select id from items where id = ?')).toBe(a);
    expect(cached.prepare('select name from items where id = ?')).not.toBe(b);

    const all = cached.prepare('select * from items where id = ?');
    expect(Object.keys(all.all([1])[0] as object)).toEqual(['id', 'name', 'score']);
    cached.prepare('alter table items add column note text').run([]);
    const after = cached.prepare('select * from items where id = ?');
    expect(after).not.toBe(all);
    expect(Object.keys(after.all([1])[0] as object)).toEqual(['id', 'name', 'score', 'note']);
  });

  it('answers a statement still being iterated with a fresh one', () => {
    const cached = withStatementCache(scratch());
    const query = 'select id from items order by id';
    const iterator = cached.prepare(query).iterate([]);
    expect(iterator.next().value).toEqual({ id: 1 });
    expect(cached.prepare(query).all([])).toHaveLength(30);
    expect(iterator.next().value).toEqual({ id: 2 });
    iterator.return?.();
  });
});

describe('literal limits', () => {
  function kysely() {
    const sql: CompiledQuery[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node }) => node as RootOperationNode,
      transformResult: async ({ result }) => result,
    };
    const db = new Kysely<Scratch>({
      dialect: new SqliteDialect({ database: withStatementCache(scratch()) }),
      plugins: [literalLimits, recorder],
      log: (event) => {
        sql.push(event.query);
      },
    });
    return { db, sql };
  }

  it('writes page sizes into the SQL, in unions and subqueries too, and keeps offsets bound', async () => {
    const { db, sql } = kysely();
    const page = await db.selectFrom('items').select('id').orderBy('id', 'desc').limit(3).offset(2).execute();
    expect(page.map((r) => r.id)).toEqual([28, 27, 26]);
    expect(sql[0]!.sql).toMatch(/ limit 3 offset \?$/);
    expect(sql[0]!.parameters).toEqual([2]);

    const low = db.selectFrom('items').select('id').where('score', '<', 5).orderBy('id').limit(2);
    const high = db.selectFrom('items').select('id').where('score', '>', 10).orderBy('id', 'desc').limit(2);
    const merged = await db
      .selectFrom(low.as('low'))
      .selectAll()
      .unionAll(db.selectFrom(high.as('high')).selectAll())
      .execute();
    expect(merged.map((r) => r.id).sort((a, b) => a - b)).toEqual([1, 2, 29, 30]);
    expect(sql[1]!.sql.match(/limit 2\b/g)).toHaveLength(2);
    expect(sql[1]!.sql).not.toContain('limit ?');
    await db.destroy();
  });

  it('leaves what is not a plain page size bound', async () => {
    const { db, sql } = kysely();
    await db
      .selectFrom('items')
      .select('id')
      .limit(db.selectFrom('items').select((eb) => eb.lit(1).as('n')))
      .execute();
    expect(sql[0]!.sql).not.toMatch(/limit \d/);
    const raw = await db.executeQuery(CompiledQuery.raw('select id from items limit ?', [2]));
    expect(raw.rows).toHaveLength(2);
    await db.destroy();
  });
});

interface Named {
  items: { id: Generated<number>; name: string };
}

describe('read batches', () => {
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

  function onFile() {
    const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-batches-'));
    dirs.push(dir);
    const file = path.join(dir, 'batches.db');
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table items (id integer primary key, name text not null)');
    sqlite.prepare('insert into items (name) values (?)').run('first');
    const other = new SQLite(file);
    open.push(sqlite, other);
    return { sqlite, other, cached: withStatementCache(sqlite) };
  }

  it('runs the reads of one turn in one read transaction, committed at the end of the turn', async () => {
    const { sqlite, cached } = onFile();
    const count = cached.prepare('select count(*) as n from items');
    expect(count.all([])).toEqual([{ n: 1 }]);
    expect(sqlite.inTransaction).toBe(true);
    expect(cached.prepare('select name from items where id = ?').all([1])).toEqual([{ name: 'first' }]);
    await nextTurn();
    expect(sqlite.inTransaction).toBe(false);
  });

  it('commits the batch before a write, so the write and the reads after it are not held back', async () => {
    const { sqlite, other, cached } = onFile();
    expect(cached.prepare('select count(*) as n from items').all([])).toEqual([{ n: 1 }]);
    cached.prepare('insert into items (name) values (?)').run(['second']);
    expect(sqlite.inTransaction).toBe(false);
    // Committed at once: another connection sees it in the same turn.
    expect(other.prepare('select count(*) as n from items').get()).toEqual({ n: 2 });
    expect(cached.prepare('select count(*) as n from items').all([])).toEqual([{ n: 2 }]);
    const returning = cached.prepare('update items set name = ? where id = ? returning name');
    expect(returning.all(['renamed', 1])).toEqual([{ name: 'renamed' }]);
    expect(sqlite.inTransaction).toBe(false);
    expect(other.prepare('select name from items where id = 1').get()).toEqual({ name: 'renamed' });
  });

  it("shows another connection's commits from the next turn on", async () => {
    const { other, cached } = onFile();
    const count = cached.prepare('select count(*) as n from items');
    expect(count.all([])).toEqual([{ n: 1 }]);
    other.prepare('insert into items (name) values (?)').run('elsewhere');
    expect(count.all([])).toEqual([{ n: 1 }]);
    await nextTurn();
    expect(count.all([])).toEqual([{ n: 2 }]);
  });

  it("leaves the app's own transactions to themselves, after closing the batch", async () => {
    const { sqlite, other } = onFile();
    const db = new Kysely<Named>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
    expect(await db.selectFrom('items').select('id').execute()).toHaveLength(1);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ name: 'in a transaction' }).execute();
        expect(await trx.selectFrom('items').select('id').execute()).toHaveLength(2);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await db.selectFrom('items').select('id').execute()).toHaveLength(1);
    await db.transaction().execute((trx) => trx.insertInto('items').values({ name: 'kept' }).execute());
    expect(other.prepare('select count(*) as n from items').get()).toEqual({ n: 2 });
    await nextTurn();
    expect(sqlite.inTransaction).toBe(false);
  });

  it('keeps an iterator out of batches, and closes a batch when the database closes', () => {
    const { sqlite, cached } = onFile();
    cached.prepare('select count(*) as n from items').all([]);
    const iterator = cached.prepare('select id from items').iterate([]);
    expect(iterator.next().value).toEqual({ id: 1 });
    expect(sqlite.inTransaction).toBe(false);
    expect(cached.prepare('select name from items where id = ?').all([1])).toEqual([{ name: 'first' }]);
    expect(sqlite.inTransaction).toBe(false);
    iterator.return?.();
    cached.prepare('select count(*) as n from items').all([]);
    expect(sqlite.inTransaction).toBe(true);
    cached.close();
    open = open.filter((db) => db !== sqlite);
  });
});

describe('reads run at once', () => {
  it('runs a read Kysely prepared, in the batch, and nothing it must not', async () => {
    const sqlite = scratch();
    const cached = withStatementCache(sqlite);
    const read = 'select id, name from items where id <= ? order by id';
    // Not prepared yet: the caller goes through Kysely, which prepares it.
    expect(cached.readNow(read, [2])).toBeUndefined();
    cached.prepare(read);
    expect(cached.readNow(read, [2])).toEqual(sqlite.prepare(read).all(2));
    expect(sqlite.inTransaction).toBe(true);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(sqlite.inTransaction).toBe(false);

    const write = 'update items set score = ? where id = ? returning id';
    cached.prepare(write);
    expect(cached.readNow(write, [9, 1])).toBeUndefined();
    expect(sqlite.prepare('select score from items where id = 1').get()).toEqual({ score: 0.5 });

    // The app's own transaction holds the connection: the read waits for Kysely's queue.
    cached.prepare('begin').run([]);
    expect(cached.readNow(read, [2])).toBeUndefined();
    cached.prepare('commit').run([]);
    expect(cached.readNow(read, [1])).toEqual([{ id: 1, name: 'item 1' }]);
  });
});
