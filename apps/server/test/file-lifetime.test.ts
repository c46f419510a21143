import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/database';
import { type Engines, openEngines } from '../src/engines';
import {
  claimsAfterwards,
  FILE_REFERENCES,
  type FileSweepHooks,
  fileSweepService,
  NOT_FILE_REFERENCES,
  storedFileClaims,
} from '../src/features/file-lifetime/public';
import {
  contentKey,
  createFileStore,
  createS3FileStore,
  type FileStore,
} from '../src/features/uploads/storage';
import { seedDemoWorld } from '../src/seed';
import { buildTestApp, createTestDatabase, ENGINE, type TestDatabase } from './helper';
import { type S3Server, startS3Server } from './support/s3-server';

const GRACE = 60 * 60_000;
const START = Date.UTC(2026, 10, 21, 12);
const quiet = { warn() {} };
const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Waits for a state, never a fixed time; fails after `ms`. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** A hook that stops a sweep at one step until the test lets it go on. */
function pause() {
  let reached = false;
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    hook: async () => {
      reached = true;
      await released;
    },
    reached: () => until('the sweep to reach its pause', () => reached),
    release,
  };
}

/** Whether a promise has settled yet, without waiting for it. */
function settledFlag(promise: Promise<unknown>): () => boolean {
  let settled = false;
  void promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  return () => settled;
}

/**
 * A database, a store folder and a clock the tests move, with the claims and sweeps a server
 * wires (services.ts), built by hand so tests can pause a sweep or open a second "server".
 */
function world({ reset = true }: { reset?: boolean } = {}) {
  const w = {
    tdb: undefined as unknown as TestDatabase,
    database: undefined as unknown as Database,
    dir: '',
    now: START,
    /** Every wait of a put for a marked file. */
    waits: [] as number[],
    store: undefined as unknown as FileStore,
    claimsFor(database: Database) {
      return storedFileClaims({
        db: database.db,
        engine: database.engine,
        clock: () => w.now,
        sleep: async (ms) => {
          w.waits.push(ms);
          await new Promise((resolve) => setTimeout(resolve, 1));
        },
      });
    },
    sweep(hooks: FileSweepHooks = {}, options: { database?: Database; store?: FileStore } = {}) {
      const database = options.database ?? w.database;
      return fileSweepService({
        db: database.db,
        engine: database.engine,
        store: options.store ?? w.store,
        clock: () => w.now,
        graceMs: GRACE,
        log: quiet,
        hooks,
      });
    },
    async row(sha256: string) {
      return w.database.db
        .selectFrom('stored_files')
        .selectAll()
        .where('sha256', '=', sha256)
        .executeTakeFirst();
    },
    async user(): Promise<number> {
      const name = `m${randomBytes(5).toString('hex')}`;
      const row = await w.database.db
        .insertInto('users')
        .values({ username: name, nickname: name, created_at: w.now, updated_at: w.now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    /** The file's `uploads` record, as upload/file or upload/big makes it. */
    async record(sha256: string, bytes: number) {
      await w.database.db
        .insertInto('uploads')
        .values({
          sha256,
          mime: 'application/octet-stream',
          bytes,
          width: null,
          height: null,
          owner_id: null,
          created_at: w.now,
        })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
    },
    /** A member as the file's uploader: a reference (upload_owners). */
    async own(sha256: string, bytes: number, userId?: number) {
      await w.record(sha256, bytes);
      await w.database.db
        .insertInto('upload_owners')
        .values({ user_id: userId ?? (await w.user()), sha256, bytes, created_at: w.now })
        .execute();
    },
  };
  beforeAll(async () => {
    w.tdb = await createTestDatabase();
    w.database = w.tdb.database;
  });
  afterAll(async () => {
    await w.tdb?.drop();
  });
  beforeEach(async () => {
    w.dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-lifetime-'));
    w.store = createFileStore(w.dir, w.claimsFor(w.database));
    w.now = START;
    w.waits.length = 0;
  });
  afterEach(async () => {
    rmSync(w.dir, { recursive: true, force: true });
    if (!reset) return;
    const { db } = w.database;
    for (const table of ['upload_owners', 'account_exports', 'banners', 'uploads', 'stored_files'] as const) {
      await db.deleteFrom(table).execute();
    }
    await db.updateTable('users').set({ avatar: '' }).execute();
    await db
      .updateTable('stored_file_census')
      .set({ cursor: null, started_at: null, finished_at: null })
      .execute();
  });
  return w;
}

describe('the file lifetime on one store', () => {
  const w = world();

  it('gives every put a row first, and counts puts of the same bytes', async () => {
    const data = randomBytes(1000);
    const sha256 = await w.store.put(data);
    expect(await w.row(sha256)).toMatchObject({
      sha256,
      size: 1000,
      puts: 1,
      state: 'live',
      last_put_at: START,
    });
    w.now += 5_000;
    const file = path.join(w.dir, 'again.bin');
    writeFileSync(file, data);
    expect(await w.store.putFile(file)).toEqual({ sha256, size: 1000 });
    expect(await w.row(sha256)).toMatchObject({ puts: 2, first_put_at: START, last_put_at: START + 5_000 });
  });

  it('deletes an unreferenced file past its grace, from disk and with its record; keeps a referenced one and one within its grace', async () => {
    const [gone, owned, exported, young] = [
      randomBytes(100),
      randomBytes(200),
      randomBytes(300),
      randomBytes(400),
    ];
    const goneSha = await w.store.put(gone);
    await w.record(goneSha, 100);
    const ownedSha = await w.store.put(owned);
    await w.own(ownedSha, 200);
    const exportedSha = await w.store.put(exported);
    await w.database.db
      .insertInto('account_exports')
      .values({
        user_id: await w.user(),
        locale: 'en-US',
        requested_at: w.now,
        state: 'ready',
        file_sha256: exportedSha,
      })
      .execute();
    w.now += GRACE - 1;
    const youngSha = await w.store.put(young);
    w.now += 1;

    const report = await w.sweep().run();
    expect(report).toMatchObject({ deleted: 1, deletedBytes: 100, failed: 0 });
    expect(await w.store.size(goneSha)).toBeNull();
    expect(await w.row(goneSha)).toBeUndefined();
    expect(
      await w.database.db.selectFrom('uploads').select('sha256').where('sha256', '=', goneSha).execute(),
    ).toEqual([]);
    for (const sha256 of [ownedSha, exportedSha, youngSha]) expect(await w.store.size(sha256)).not.toBeNull();

    // The young one's grace ends a grace period after its last put.
    w.now += GRACE;
    expect(await w.sweep().run()).toMatchObject({ deleted: 1 });
    expect(await w.store.size(youngSha)).toBeNull();
    // The export's row going (it expired) leaves its zip unreferenced.
    await w.database.db.deleteFrom('account_exports').execute();
    expect(await w.sweep().run()).toMatchObject({ deleted: 1 });
    expect(await w.store.size(exportedSha)).toBeNull();
    expect(await w.store.size(ownedSha)).toBe(200);
  });

  it('keeps files named by an address: an avatar, an absolute banner address, a JSON list', async () => {
    const [avatar, banner, listed, plain] = await Promise.all(
      [1, 2, 3, 4].map(async (i) =>
        w.store.put(Buffer.from(`picture ${i} ${randomBytes(8).toString('hex')}`)),
      ),
    );
    const userId = await w.user();
    await w.database.db
      .updateTable('users')
      .set({ avatar: `/upload/files/${avatar}.webp` })
      .where('id', '=', userId)
      .execute();
    await w.database.db
      .insertInto('banners')
      .values({ title: 'b', image: `https://cdn.example.org/upload/files/${banner}.webp`, created_at: w.now })
      .execute();
    await w.database.db
      .insertInto('banners')
      .values({ title: 'c', image: JSON.stringify(['x', `/upload/files/${listed}.webp`]), created_at: w.now })
      .execute();
    w.now += GRACE;
    const report = await w.sweep().run();
    expect(report).toMatchObject({ deleted: 1, kept: 3 });
    expect(await w.store.size(plain!)).toBeNull();
    for (const sha256 of [avatar!, banner!, listed!]) expect(await w.store.size(sha256)).not.toBeNull();
  });

  it('keeps a file that gains a reference after the sweep read its candidates', async () => {
    const data = randomBytes(64);
    const owned = await w.store.put(data);
    const named = await w.store.put(randomBytes(65));
    await w.record(owned, 64);
    w.now += GRACE;
    const report = await w
      .sweep({
        // A member's upload recorded, and a banner made, just after the sweep looked.
        afterCandidates: async () => {
          await w.own(owned, 64);
          await w.database.db
            .insertInto('banners')
            .values({ title: 'late', image: `/upload/files/${named}.webp`, created_at: w.now })
            .execute();
        },
      })
      .run();
    expect(report).toMatchObject({ deleted: 0, kept: 2 });
    expect(await w.store.size(owned)).toBe(64);
    expect(await w.store.size(named)).toBe(65);
  });

  it.runIf(ENGINE === 'postgres')(
    'keeps a file whose reference is being written as it is marked: the record it points at holds the mark back',
    async () => {
      const data = randomBytes(66);
      const sha256 = await w.store.put(data);
      await w.record(sha256, 66);
      const userId = await w.user();
      w.now += GRACE;
      // Another server's transaction, attaching the file, not yet committed.
      const other = new pg.Client({ connectionString: w.tdb.url });
      await other.connect();
      try {
        const running = w
          .sweep({
            afterCandidates: async () => {
              await other.query('begin');
              await other.query(
                'insert into upload_owners (user_id, sha256, bytes, created_at) values ($1, $2, 66, $3)',
                [userId, sha256, w.now],
              );
            },
          })
          .run();
        // The mark's transaction waits for that one's lock on the file's record; then it commits.
        await until('the mark to wait for the attaching transaction', async () => {
          const { rows } = await other.query(
            "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          );
          return rows[0].n > 0;
        });
        await other.query('commit');
        expect(await running).toMatchObject({ deleted: 0, kept: 1 });
      } finally {
        await other.end();
      }
      expect(await w.store.size(sha256)).toBe(66);
      expect(await w.row(sha256)).toMatchObject({ state: 'live' });
    },
  );

  describe('a put of the same bytes during a sweep never leaves a referenced file missing', () => {
    it('put between the candidates and the mark: the mark misses the file, whatever the clocks say', async () => {
      const data = randomBytes(500);
      const sha256 = await w.store.put(data);
      w.now += GRACE;
      const step = pause();
      const running = w.sweep({ afterCandidates: step.hook }).run();
      await step.reached();
      // From a server whose clock is a grace period behind: only the count of puts tells.
      w.now -= GRACE;
      expect(await w.store.put(data)).toBe(sha256);
      step.release();
      expect(await running).toMatchObject({ deleted: 0, kept: 1 });
      await w.own(sha256, 500);
      expect(await w.store.size(sha256)).toBe(500);
      expect(w.waits).toEqual([]);
    });

    for (const at of ['afterMark', 'afterObjectsDeleted'] as const) {
      it(`put ${at === 'afterMark' ? 'between the mark and the delete' : 'between the delete and the row'}: the put waits, then stores the bytes again`, async () => {
        const data = randomBytes(600);
        const sha256 = await w.store.put(data);
        w.now += GRACE;
        const step = pause();
        const running = w.sweep({ [at]: step.hook }).run();
        await step.reached();
        expect(await w.row(sha256)).toMatchObject({ state: 'deleting' });
        const putting = w.store.put(data);
        const putDone = settledFlag(putting);
        await until('the put to wait for the marked file', () => w.waits.length >= 2);
        expect(putDone()).toBe(false);
        step.release();
        expect(await running).toMatchObject({ deleted: 1 });
        expect(await putting).toBe(sha256);
        await w.own(sha256, 600);
        expect(await w.store.size(sha256)).toBe(600);
        expect(await w.row(sha256)).toMatchObject({ state: 'live', puts: 1 });
        // And the next sweep leaves it: it is referenced now.
        w.now += GRACE;
        expect(await w.sweep().run()).toMatchObject({ deleted: 0 });
        expect(await w.store.size(sha256)).toBe(600);
      });
    }

    it('put after the row is gone: a new row, the bytes written again', async () => {
      const data = randomBytes(700);
      const sha256 = await w.store.put(data);
      w.now += GRACE;
      const step = pause();
      const running = w.sweep({ afterRowsDeleted: step.hook }).run();
      await step.reached();
      expect(await w.store.size(sha256)).toBeNull();
      const file = path.join(w.dir, 'upload.bin');
      writeFileSync(file, data);
      expect(await w.store.putFile(file)).toEqual({ sha256, size: 700 });
      step.release();
      expect(await running).toMatchObject({ deleted: 1 });
      await w.own(sha256, 700);
      expect(await w.store.size(sha256)).toBe(700);
      expect(await w.row(sha256)).toMatchObject({ state: 'live', puts: 1 });
    });
  });

  it('takes back a mark whose sweep died: a put goes on at once, and the next sweep frees the rest', async () => {
    const [a, b] = [randomBytes(10), randomBytes(11)];
    const aSha = await w.store.put(a);
    const bSha = await w.store.put(b);
    // Marked by a sweep long gone (the database's clock says 1970).
    await w.database.db
      .updateTable('stored_files')
      .set({ state: 'deleting', marked_by: 'dead', marked_at: 0 })
      .execute();
    expect(await w.store.put(a)).toBe(aSha);
    expect(w.waits).toEqual([]);
    expect(await w.row(aSha)).toMatchObject({ state: 'live', marked_by: null, puts: 2 });
    await w.sweep().run({ graceMs: 0 });
    expect(await w.row(bSha)).toBeUndefined();
    expect(await w.store.size(bSha)).toBeNull();
  });

  it('does not take back a mark that is still young: the put waits for it', async () => {
    const data = randomBytes(12);
    const sha256 = await w.store.put(data);
    await w.database.db
      .updateTable('stored_files')
      .set({ state: 'deleting', marked_by: 'busy', marked_at: Date.now() + 60_000 })
      .execute();
    const putting = w.store.put(data);
    await until('the put to wait', () => w.waits.length >= 3);
    // The sweep that marked it finishes: bytes, then row.
    await w.database.db.deleteFrom('stored_files').where('sha256', '=', sha256).execute();
    expect(await putting).toBe(sha256);
    expect(await w.row(sha256)).toMatchObject({ state: 'live', puts: 1 });
  });

  describe('two sweeps at once (two servers on one database)', () => {
    let second: Database;
    beforeAll(() => {
      second = openDatabase(w.tdb.url, { poolSize: 4 });
    });
    afterAll(async () => {
      await second?.close();
    });

    /** The store as a sweep sees it, counting deletes. */
    function counting(deletes: string[]): FileStore {
      return {
        ...w.store,
        delete: async (sha256) => {
          deletes.push(sha256);
          await w.store.delete(sha256);
        },
      };
    }

    it('delete each file once, never a referenced one nor one put again meanwhile', async () => {
      const files = Array.from({ length: 60 }, (_, i) =>
        Buffer.from(`file ${i} ${randomBytes(6).toString('hex')}`),
      );
      const hashes = await Promise.all(files.map((f) => w.store.put(f)));
      for (const [i, sha256] of hashes.entries()) if (i % 6 === 0) await w.own(sha256, files[i]!.length);
      w.now += GRACE;
      const deletes: string[] = [];
      const putAgain = [1, 2, 3, 4, 5].map((i) => files[i]!);
      // The puts go in while the sweeps run: as soon as either sweep has read its candidates, and
      // that one waits for them before it marks. Not tied to one sweep: the other may mark and
      // delete every file before the first reads any, and then never calls its hook. The sweep
      // that comes second does not wait, so its mark races the puts.
      let putting: Promise<unknown> | undefined;
      const putAgainOnce: FileSweepHooks = {
        afterCandidates: async () => {
          if (putting) return;
          putting = Promise.all(putAgain.map((f) => w.store.put(f)));
          await putting;
        },
      };
      const [one, two] = await Promise.all([
        w.sweep(putAgainOnce, { store: counting(deletes) }).run(),
        w.sweep(putAgainOnce, { database: second, store: counting(deletes) }).run(),
      ]);
      expect(putting, 'the files put again during the sweeps').toBeDefined();
      await putting;
      expect(new Set(deletes).size).toBe(deletes.length);
      expect(one.deleted + two.deleted).toBe(deletes.length);
      for (const [i, sha256] of hashes.entries()) {
        const referenced = i % 6 === 0;
        const putMeanwhile = i >= 1 && i <= 5;
        const size = await w.store.size(sha256);
        if (referenced) expect(size, `referenced file ${i}`).toBe(files[i]!.length);
        // Put again during the sweeps: either kept, or deleted and then written again.
        if (putMeanwhile) expect(size, `file ${i} put again`).toBe(files[i]!.length);
        if (!referenced && !putMeanwhile) expect(size, `file ${i}`).toBeNull();
        if (!referenced && !putMeanwhile) expect(deletes).toContain(sha256);
      }
      // Every row left is a file in the store.
      for (const row of await w.database.db.selectFrom('stored_files').selectAll().execute()) {
        expect(row.state).toBe('live');
        expect(await w.store.size(row.sha256)).not.toBeNull();
      }
    });

    it('one that read its candidates before the other ran marks none of them again', async () => {
      const hashes = await Promise.all([1, 2, 3].map(() => w.store.put(randomBytes(30))));
      w.now += GRACE;
      const deletes: string[] = [];
      const step = pause();
      const first = w.sweep({ afterCandidates: step.hook }, { store: counting(deletes) }).run();
      await step.reached();
      expect(await w.sweep({}, { database: second, store: counting(deletes) }).run()).toMatchObject({
        deleted: 3,
      });
      step.release();
      expect(await first).toMatchObject({ deleted: 0, kept: 3 });
      expect(deletes.sort()).toEqual([...hashes].sort());
    });

    it('one that runs while the other holds marks leaves those files to it', async () => {
      const hashes = await Promise.all([1, 2].map(() => w.store.put(randomBytes(40))));
      w.now += GRACE;
      const deletes: string[] = [];
      const step = pause();
      const first = w.sweep({ afterMark: step.hook }, { store: counting(deletes) }).run();
      await step.reached();
      expect(await w.sweep({}, { database: second, store: counting(deletes) }).run()).toMatchObject({
        deleted: 0,
      });
      step.release();
      expect(await first).toMatchObject({ deleted: 2 });
      expect(deletes.sort()).toEqual([...hashes].sort());
    });
  });

  describe('the census', () => {
    it('gives files stored before the lifetime existed a row and their grace, then sweeps them', async () => {
      const old = createFileStore(w.dir);
      const orphan = await old.put(randomBytes(80));
      const kept = await old.put(randomBytes(81));
      await w.own(kept, 81);
      // Neither the tus folder nor a half-written temporary file is a stored file.
      writeFileSync(path.join(w.dir, orphan.slice(0, 2), `${orphan}.abc123.tmp`), 'partial');
      expect(await w.row(orphan)).toBeUndefined();

      const first = await w.sweep().run();
      expect(first.census).toEqual({ listed: 2, added: 2, finished: true });
      expect(first.deleted).toBe(0);
      expect(await w.row(orphan)).toMatchObject({ puts: 0, last_put_at: START });

      // Done for a week: the next sweeps do not list the store.
      w.now += GRACE;
      const second = await w.sweep().run();
      expect(second.census).toBeNull();
      expect(second.deleted).toBe(1);
      expect(await old.size(orphan)).toBeNull();
      expect(await old.size(kept)).toBe(81);

      w.now += 7 * 24 * 60 * 60_000;
      expect((await w.sweep().run()).census).toEqual({ listed: 1, added: 0, finished: true });
      expect((await w.sweep().run({ census: 'now' })).census).toEqual({
        listed: 1,
        added: 0,
        finished: true,
      });
    });

    it('gives no row to a file another sweep deletes between the listing and the rows', async () => {
      const deleted = await w.store.put(randomBytes(82));
      const legacy = await createFileStore(w.dir).put(randomBytes(83));
      // The other sweep deletes the listed file (its bytes, then its row) as the listing ends.
      let other: (() => Promise<void>) | undefined = async () => {
        await w.store.delete(deleted);
        await w.database.db.deleteFrom('stored_files').where('sha256', '=', deleted).execute();
      };
      const store: FileStore = {
        ...w.store,
        async *list(options) {
          yield* w.store.list(options);
          const step = other;
          other = undefined;
          await step?.();
        },
      };
      const report = await w.sweep({}, { store }).run({ census: 'now' });
      expect(other).toBeUndefined();
      expect(report.census).toEqual({ listed: 2, added: 1, finished: true });
      expect(await w.row(deleted)).toBeUndefined();
      expect(await w.row(legacy)).toMatchObject({ puts: 0, state: 'live' });
    });

    it('lists the local store in hash order, after a given hash', async () => {
      const hashes = await Promise.all(Array.from({ length: 12 }, () => w.store.put(randomBytes(20))));
      const sorted = [...hashes].sort();
      const listed = [];
      for await (const file of w.store.list()) listed.push(file);
      expect(listed.map((f) => f.sha256)).toEqual(sorted);
      expect(listed[0]).toMatchObject({ size: 20 });
      expect(listed[0]!.modifiedAt).toBeGreaterThan(0);
      const rest = [];
      for await (const file of w.store.list({ after: sorted[4]! })) rest.push(file.sha256);
      expect(rest).toEqual(sorted.slice(5));
      await w.store.delete(sorted[0]!);
      await w.store.delete(sorted[0]!);
      expect(await w.store.size(sorted[0]!)).toBeNull();
    });
  });

  it('refuses a grace period that is not one', async () => {
    await expect(w.sweep().run({ graceMs: -1 })).rejects.toThrow(RangeError);
  });
});

describe('the reference list', () => {
  // The demo world stays as it was seeded: its posts point at its files.
  const w = world({ reset: false });
  /** Column names that look like they could name a stored file. */
  const LOOKS_LIKE_A_FILE =
    /sha|hash|file|avatar|path|image|icon|cover|screenshot|video|url|link|picture|photo|thumb|attach|media/;

  it('names every column of the schema that looks like a file reference, or says why it is none', async () => {
    const tables = await w.database.db.introspection.getTables();
    const listed = new Set([...FILE_REFERENCES, ...NOT_FILE_REFERENCES].map((r) => `${r.table}.${r.column}`));
    const undecided = tables
      .flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`))
      .filter((name) => LOOKS_LIKE_A_FILE.test(name.split('.')[1]!) && !listed.has(name));
    expect(
      undecided,
      'add each to FILE_REFERENCES or NOT_FILE_REFERENCES (features/file-lifetime/references.ts)',
    ).toEqual([]);
    const existing = new Set(tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)));
    expect(
      [...listed].filter((name) => !existing.has(name)),
      'listed but not in the schema',
    ).toEqual([]);
    for (const ref of FILE_REFERENCES) {
      if (ref.holds === 'address')
        expect(existing.has(`${ref.table}.${ref.key}`), `${ref.table}.${ref.key}`).toBe(true);
    }
  });

  it('in the demo world, every column holding a stored file names it as a reference, and a sweep deletes none of it', async () => {
    // As boot.ts seeds: the seed puts inside its transactions, claimed once they committed.
    const claims = claimsAfterwards(w.claimsFor(w.database));
    await seedDemoWorld(w.database, { files: createFileStore(w.dir, claims), clock: () => w.now });
    await claims.flush();
    const stored = new Set(
      (await w.database.db.selectFrom('stored_files').select('sha256').execute()).map((r) => r.sha256),
    );
    expect(stored.size).toBeGreaterThan(10);
    const references = new Set(FILE_REFERENCES.map((r) => `${r.table}.${r.column}`));
    const records = new Set(['uploads.sha256', 'stored_files.sha256']);
    const naming = new Set<string>();
    for (const table of await w.database.db.introspection.getTables()) {
      const rows = (await w.database.db
        .selectFrom(table.name as 'users')
        .selectAll()
        .execute()) as Record<string, unknown>[];
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          if (typeof value !== 'string') continue;
          for (const [hex] of value.matchAll(/[0-9a-f]{64}/g))
            if (stored.has(hex)) naming.add(`${table.name}.${column}`);
        }
      }
    }
    expect([...naming].filter((name) => !references.has(name) && !records.has(name))).toEqual([]);
    expect(naming.size).toBeGreaterThan(5);
    w.now += GRACE;
    expect(await w.sweep().run({ graceMs: 0 })).toMatchObject({ deleted: 0 });
  }, 120_000);
});

describe('the sweep in the app', () => {
  it('takes an avatar nobody wears nor owns any more off the upload host', async () => {
    // A folder of its own: the default one is shared by other tests' databases.
    const uploadDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-lifetime-app-'));
    const t = await buildTestApp({ config: { uploadDir } });
    try {
      const member = await t.make.user();
      const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#c04080' } })
        .png()
        .toBuffer();
      const { sha256, url } = await t.services.uploads.storeImage(member.id, png);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      t.clock.advance(2 * GRACE);
      expect(await t.services.fileSweep.run()).toMatchObject({ deleted: 0 });

      // What erasing the member does: their uploads are no longer theirs.
      await t.database.db.deleteFrom('upload_owners').where('sha256', '=', sha256).execute();
      expect(await t.services.fileSweep.run({ graceMs: 0 })).toMatchObject({ deleted: 1 });
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect(await createFileStore(t.config.uploadDir).size(sha256)).toBeNull();
    } finally {
      await t.close();
      rmSync(uploadDir, { recursive: true, force: true });
    }
  });
});

describe('npm run ops -- files:sweep', { timeout: 60_000 }, () => {
  const w = world();
  const CLI = path.resolve(__dirname, '../src/ops/cli.ts');
  const ops = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', CLI, ...args],
        {
          env: {
            ...process.env,
            DATABASE_URL: w.tdb.url,
            UPLOAD_DIR: w.dir,
            LOG_LEVEL: 'silent',
            SEED: 'false',
          },
        },
      );
      return { code: 0, out: stdout + stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  };

  it('sweeps now with the grace given, and refuses a grace that is not a duration', async () => {
    // Put a little while ago by the real clock, which the command runs on.
    w.now = Date.now() - 5_000;
    const gone = await w.store.put(randomBytes(90));
    const owned = await w.store.put(randomBytes(91));
    await w.own(owned, 91);
    const kept = await ops('files:sweep');
    expect(kept.code).toBe(0);
    expect(kept.out).toContain('deleted 0 files');
    const swept = await ops('files:sweep', '--grace=0');
    expect(swept).toMatchObject({ code: 0 });
    expect(swept.out).toContain('deleted 1 files (90 bytes)');
    expect(await w.store.size(gone)).toBeNull();
    expect(await w.store.size(owned)).toBe(91);

    const wrong = await ops('files:sweep', '--grace=soon');
    expect(wrong.code).toBe(1);
    expect(wrong.out).toContain('--grace takes a duration');
  });
});

describe('the file lifetime in a bucket', () => {
  let s3: S3Server;
  let engines: Engines;
  let tdb: TestDatabase;
  let now = START;
  let bucket: FileStore & { adopt(key: string): Promise<{ sha256: string; size: number }> };

  beforeAll(async () => {
    [s3, tdb] = await Promise.all([startS3Server(), createTestDatabase()]);
    engines = openEngines(
      testConfig({
        s3: {
          bucket: s3.bucket,
          endpoint: s3.endpoint,
          region: 'us-east-1',
          credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
          forcePathStyle: true,
        },
      }),
    );
    const claims = storedFileClaims({ db: tdb.database.db, engine: tdb.database.engine, clock: () => now });
    bucket = createS3FileStore(engines.storage!, claims);
  });
  afterAll(async () => {
    await engines?.close();
    await s3?.close();
    await tdb?.drop();
  });

  const exists = async (sha256: string) => {
    try {
      await engines.storage!.client.send(
        new HeadObjectCommand({ Bucket: s3.bucket, Key: contentKey(sha256) }),
      );
      return true;
    } catch (err) {
      if ((err as { name?: string }).name === 'NotFound') return false;
      throw err;
    }
  };

  it('deletes an unreferenced object past its grace from the bucket and keeps a referenced one', async () => {
    const sweep = fileSweepService({
      db: tdb.database.db,
      engine: tdb.database.engine,
      store: bucket,
      clock: () => now,
      graceMs: GRACE,
      log: quiet,
    });
    const gone = await bucket.put(randomBytes(2_000));
    const owned = await bucket.put(randomBytes(2_001));
    await tdb.database.db
      .insertInto('uploads')
      .values({
        sha256: owned,
        mime: 'application/zip',
        bytes: 2_001,
        width: null,
        height: null,
        owner_id: null,
        created_at: now,
      })
      .execute();
    const user = await tdb.database.db
      .insertInto('users')
      .values({ username: 'bucketeer', nickname: 'B', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tdb.database.db
      .insertInto('upload_owners')
      .values({ user_id: Number(user.id), sha256: owned, bytes: 2_001, created_at: now })
      .execute();
    // An object stored before the lifetime existed, and one a finished tus upload hands over.
    const legacy = await createS3FileStore(engines.storage!).put(randomBytes(2_002));
    const tusKey = `${randomBytes(16).toString('hex')}`;
    const tusBytes = randomBytes(2_003);
    await engines.storage!.client.send(
      new PutObjectCommand({
        Bucket: s3.bucket,
        Key: tusKey,
        Body: tusBytes,
        ContentLength: tusBytes.length,
      }),
    );
    const adopted = await bucket.adopt(tusKey);
    expect(adopted).toEqual({ sha256: sha256Of(tusBytes), size: 2_003 });

    const first = await sweep.run();
    expect(first.census).toMatchObject({ listed: 4, added: 1, finished: true });
    expect(first.deleted).toBe(0);

    now += GRACE;
    const second = await sweep.run();
    expect(second).toMatchObject({ deleted: 3, deletedBytes: 2_000 + 2_002 + 2_003 });
    expect(await exists(gone)).toBe(false);
    expect(await exists(legacy)).toBe(false);
    expect(await exists(adopted.sha256)).toBe(false);
    expect(await exists(owned)).toBe(true);
    const listed = [];
    for await (const file of bucket.list()) listed.push(file);
    expect(listed).toEqual([{ sha256: owned, size: 2_001, modifiedAt: expect.any(Number) }]);
  });

  it('lists the bucket in hash order, after a given hash', async () => {
    const hashes = await Promise.all(Array.from({ length: 8 }, () => bucket.put(randomBytes(16))));
    const all = [];
    for await (const file of bucket.list()) all.push(file.sha256);
    expect(all).toEqual([...all].sort());
    for (const sha256 of hashes) expect(all).toContain(sha256);
    const cut = all[3]!;
    const rest = [];
    for await (const file of bucket.list({ after: cut })) rest.push(file.sha256);
    expect(rest).toEqual(all.filter((s) => s > cut));
  });
});
