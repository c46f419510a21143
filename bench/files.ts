/**
 * The file lifetime at scale (docs/internals/file-lifetime.md): a sweep over BENCH_FILES stored
 * files of which BENCH_UNREFERENCED no column names, against the floor of listing the same store
 * once; and the cost a put pays for its claim (one upsert of its row) on a 1 MiB file, against a
 * store without claims, in the same run. Prints times, statements and ratios; asserts nothing.
 *   npm run bench:files
 *   BENCH_DATABASE_URL=postgres://… npm run bench:files   (a scratch database is made there and dropped)
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '@pixelhall/server/src/db/database';
import { migrateToLatest } from '@pixelhall/server/src/db/migrate';
import { fileSweepService, storedFileClaims } from '@pixelhall/server/src/features/file-lifetime/public';
import { createFileStore, type FileStore } from '@pixelhall/server/src/features/uploads/storage';
import type { KyselyPlugin } from 'kysely';
import pg from 'pg';

const FILES = Number(process.env.BENCH_FILES ?? 20_000);
const UNREFERENCED = Number(process.env.BENCH_UNREFERENCED ?? 1_000);
/** Of the referenced files, this many are named by an avatar address; the rest by an uploader. */
const AVATARS = Math.min(1_000, FILES - UNREFERENCED);
const PUT_BYTES = 1024 * 1024;
const PUT_ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const PUTS_PER_ROUND = 20;
const DAY = 86_400_000;

/** Counts every statement sent through the Kysely instance it is plugged into. */
function statementCounter() {
  const counter = { count: 0, plugin: undefined as unknown as KyselyPlugin };
  counter.plugin = {
    transformQuery: (args) => {
      counter.count += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return counter;
}

async function openBenchDatabase(): Promise<{ database: Database; label: string; drop(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-bench-files-db-'));
    const database = openDatabase(`file:${path.join(dir, 'bench.db')}`);
    return {
      database,
      label: 'SQLite',
      drop: async () => {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `pixelhall_bench_files_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString());
  return {
    database,
    label: 'PostgreSQL',
    drop: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const { database, label, drop } = await openBenchDatabase();
const storeDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-bench-files-'));
try {
  await migrateToLatest(database);
  const { db, engine } = database;
  let now = Date.UTC(2026, 0, 1);
  const clock = () => now;
  const claims = storedFileClaims({ db, engine, clock });
  const store = createFileStore(storeDir, claims);

  // The world: FILES small files put through the claims, each recorded as upload/file records
  // one; all but UNREFERENCED named by an uploader or an avatar.
  console.info(`file lifetime, ${label}: preparing ${FILES.toLocaleString('en')} stored files…`);
  const prepared = performance.now();
  const hashes: string[] = [];
  for (let i = 0; i < FILES; i += 1)
    hashes.push(await store.put(Buffer.from(`stored file ${i} ${randomBytes(8).toString('hex')}`)));
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: AVATARS }, (_, i) => ({
        username: `bench${i}`,
        nickname: `Bench ${i}`,
        avatar: `/upload/files/${hashes[UNREFERENCED + i]}.webp`,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning('id')
    .execute();
  for (let i = 0; i < FILES; i += 500) {
    await db
      .insertInto('uploads')
      .values(
        hashes.slice(i, i + 500).map((sha256) => ({
          sha256,
          mime: 'image/webp',
          bytes: 40,
          width: 1,
          height: 1,
          owner_id: null,
          picture: 1,
          created_at: now,
        })),
      )
      .execute();
  }
  const owned = hashes.slice(UNREFERENCED + AVATARS);
  for (let i = 0; i < owned.length; i += 500) {
    await db
      .insertInto('upload_owners')
      .values(
        owned.slice(i, i + 500).map((sha256, j) => ({
          user_id: Number(users[(i + j) % users.length]!.id),
          sha256,
          bytes: 40,
          created_at: now,
        })),
      )
      .execute();
  }
  console.info(`  ready in ${ms(performance.now() - prepared)}`);

  // The floor: reading the store's listing once (every prefix folder, every file's size), the
  // second time, so the folders are in the page cache as they are for the census after it.
  let listed = 0;
  for await (const _file of store.list()) listed += 1;
  const listedAt = performance.now();
  listed = 0;
  for await (const _file of store.list()) listed += 1;
  const listMs = performance.now() - listedAt;

  const counter = statementCounter();
  const counted = db.withPlugin(counter.plugin);
  const sweep = fileSweepService({ db: counted, engine, store, clock, graceMs: DAY, log: { warn() {} } });

  // The first sweep after the migration runs a census pass: the whole listing, plus rows.
  counter.count = 0;
  const censusAt = performance.now();
  const census = await sweep.run({ census: 'now' });
  const censusMs = performance.now() - censusAt;
  const censusStatements = counter.count;

  // A scheduled sweep two days on: the database alone says what to delete.
  now += 2 * DAY;
  counter.count = 0;
  const sweptAt = performance.now();
  const swept = await sweep.run();
  const sweepMs = performance.now() - sweptAt;
  const sweepStatements = counter.count;

  // And one with nothing to delete: what every hour costs once the store is tidy.
  counter.count = 0;
  const idleAt = performance.now();
  await sweep.run();
  const idleMs = performance.now() - idleAt;
  const idleStatements = counter.count;

  const left = Number(
    (await db.selectFrom('stored_files').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n,
  );

  console.info(
    `\nsweep of ${FILES.toLocaleString('en')} stored files, ${UNREFERENCED.toLocaleString('en')} unreferenced (${label})`,
  );
  console.info(`  floor: list the store once       ${ms(listMs)}  (${listed} files)`);
  console.info(
    `  census pass (list + rows)        ${ms(censusMs)}  ${censusStatements} statements, ${census.census?.added} rows added  ×${(censusMs / listMs).toFixed(2)} of the floor`,
  );
  console.info(
    `  sweep, 1,000 to delete           ${ms(sweepMs)}  ${sweepStatements} statements, deleted ${swept.deleted}, kept ${swept.kept}  ×${(sweepMs / listMs).toFixed(2)} of the floor`,
  );
  console.info(
    `  sweep, nothing to delete         ${ms(idleMs)}  ${idleStatements} statements  ×${(idleMs / listMs).toFixed(2)} of the floor`,
  );
  console.info(`  rows left ${left} (expected ${FILES - UNREFERENCED})`);

  // Put overhead: 1 MiB of new bytes (each put distinct), and the same bytes again, through a
  // store without claims and one with them, alternating rounds so drift falls on both alike.
  const plain = createFileStore(path.join(storeDir, 'plain'));
  const claimed = createFileStore(path.join(storeDir, 'claimed'), claims);
  const base = randomBytes(PUT_BYTES);
  let serial = 0;
  const fresh = () => {
    serial += 1;
    base.writeUInt32BE(serial, 0);
    base.writeUInt32BE(process.pid, 4);
    return base;
  };
  async function round(target: FileStore, again: boolean): Promise<number> {
    const data = again ? base : fresh();
    if (again) await target.put(data);
    const started = performance.now();
    const stored: string[] = [];
    for (let i = 0; i < PUTS_PER_ROUND; i += 1) stored.push(await target.put(again ? data : fresh()));
    const each = (performance.now() - started) / PUTS_PER_ROUND;
    for (const sha256 of new Set(stored)) await target.delete(sha256);
    return each;
  }
  const times = {
    plainNew: [] as number[],
    claimedNew: [] as number[],
    plainAgain: [] as number[],
    claimedAgain: [] as number[],
  };
  await round(plain, false); // warm-up
  await round(claimed, false);
  for (let r = 0; r < PUT_ROUNDS; r += 1) {
    times.plainNew.push(await round(plain, false));
    times.claimedNew.push(await round(claimed, false));
    times.plainAgain.push(await round(plain, true));
    times.claimedAgain.push(await round(claimed, true));
  }
  const hashMs = (() => {
    const started = performance.now();
    for (let i = 0; i < PUTS_PER_ROUND; i += 1) createHash('sha256').update(base).digest();
    return (performance.now() - started) / PUTS_PER_ROUND;
  })();
  const [pn, cn, pa, ca] = [times.plainNew, times.claimedNew, times.plainAgain, times.claimedAgain].map(
    median,
  ) as [number, number, number, number];
  console.info(
    `\nput of 1 MiB, median of ${PUT_ROUNDS} rounds of ${PUTS_PER_ROUND} (${label}, local folder)`,
  );
  console.info(
    `  new bytes:  without claims ${ms(pn)}, with ${ms(cn)}  ×${(cn / pn).toFixed(2)} (goal ≤ 1.20)`,
  );
  console.info(
    `  same again: without claims ${ms(pa)}, with ${ms(ca)}  ×${(ca / pa).toFixed(2)} (the claim is all a repeat adds)`,
  );
  console.info(`  hashing 1 MiB alone: ${ms(hashMs)}`);
} finally {
  await drop();
  rmSync(storeDir, { recursive: true, force: true });
}
