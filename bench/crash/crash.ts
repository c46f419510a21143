/**
 * Crash test: the real server (apps/server/src/main.ts) in a child process, on a fresh SQLite
 * file (or the PostgreSQL database in CRASH_DATABASE_URL), under a mixed write load from several
 * clients (posts, comments, likes, follows, prop purchases, paid-post unlocks, bets, diamond
 * exchanges, level rewards), killed with SIGKILL at a random moment, restarted, CRASH_ROUNDS
 * times; meanwhile the operator settles the previous round's bet event from another connection.
 * After each kill SQLite's integrity check runs on the file as it was left; after each restart
 * the requests the kill cut off are sent again (those the app may repeat) and every write that
 * was answered with code 1 is looked up; at the end the ledger is checked against the balances.
 * Prints a pass/fail summary; exits 1 on any failure. Not part of npm test.
 *   npm run bench:crash     (CRASH_ROUNDS=3 CRASH_CLIENTS=8 CRASH_MEMBERS=6 CRASH_SECONDS=3-8)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareDatabase } from '@pixelhall/server/src/boot';
import { loadConfig } from '@pixelhall/server/src/config';
import { engineOf } from '@pixelhall/server/src/db/database';
import { betOperations } from '@pixelhall/server/src/features/bets/settlement';
import { freePort } from '../../e2e/support/server';
import { Journal } from './journal';
import { checkLedger } from './ledger-agrees';
import { retryCutOff, startLoad, type World } from './load';
import { type RunningServer, type ServerSettings, startServer } from './server-process';
import { type BetEventIds, openBetEvent, prepareCatalogue, registerMembers } from './setup';
import { sqliteIntegrity } from './sqlite-integrity';
import { missingWrites } from './writes-present';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const CLIENTS = Number(process.env.CRASH_CLIENTS ?? 8);
const MEMBERS = Number(process.env.CRASH_MEMBERS ?? 6);
const [MIN_SECONDS, MAX_SECONDS] = (process.env.CRASH_SECONDS ?? '3-8').split('-').map(Number) as [
  number,
  number,
];

const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-crash-'));
const file = path.join(dir, 'crash.db');
const databaseUrl = process.env.CRASH_DATABASE_URL ?? `file:${file}`;
const sqlite = engineOf(databaseUrl) === 'sqlite';
const settings: ServerSettings = {
  port: await freePort(),
  databaseUrl,
  uploadDir: path.join(dir, 'uploads'),
  outboxDir: path.join(dir, 'outbox'),
  logFile: path.join(dir, 'server.log'),
};
const failures: string[] = [];
const fail = (what: string, problems: string[]) => {
  for (const p of problems.slice(0, 20)) failures.push(`${what}: ${p}`);
  if (problems.length > 20) failures.push(`${what}: … and ${problems.length - 20} more`);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

console.info(
  `Crash test on ${sqlite ? `SQLite (${file})` : 'PostgreSQL'}: ${ROUNDS} kills, ${CLIENTS} clients, ${MEMBERS} members`,
);
// The operator's connection: seeds the world, credits the members, settles bets and checks.
const operator = await prepareDatabase(
  loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: settings.uploadDir,
    OUTBOX_DIR: settings.outboxDir,
    SEED: 'true',
  }),
  () => {},
);
const journal = new Journal();
const bets = betOperations({ db: operator.db, clock: Date.now });
/** SQLite's "database is locked" met by the operator's settlements, each followed by a rerun. */
const operatorBusy: string[] = [];

/**
 * The operator's `bets:settle`, from a process other than the server's. On SQLite a transaction
 * that reads before it writes can find the server's commit in between and fail at once with
 * SQLITE_BUSY (the busy timeout does not apply to that); the operator then runs the command
 * again, which settles once (a repeat answers "already settled").
 */
async function settle(eventId: number, side: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await bets.settle(eventId, side);
      return;
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (!code.startsWith('SQLITE_BUSY') || attempt === 5) throw err;
      operatorBusy.push(`${code} settling event ${eventId}`);
      await sleep(200);
    }
  }
}
let server: RunningServer | null = null;

/** After a restart: the cut-off requests again, then every acknowledged write looked up. */
async function recover(started: RunningServer, memberIds: number[], restart: number): Promise<void> {
  const retried = journal.retried;
  await retryCutOff(settings.port, journal);
  const missing = await missingWrites(operator.db, journal.acks, memberIds);
  fail(`after restart ${restart}, missing`, missing);
  console.info(
    `restart ${restart}: up in ${seconds(started.startedInMs)}; ${journal.retried - retried} cut-off requests sent again; ${journal.acks.length} acknowledged writes so far, ${missing.length} missing`,
  );
}

try {
  const catalogue = await prepareCatalogue(operator);
  server = await startServer(settings);
  console.info(`server up in ${seconds(server.startedInMs)}`);
  const members = await registerMembers(settings.port, operator, MEMBERS);
  const memberIds = members.map((m) => m.id);
  const events: BetEventIds[] = [];

  for (let round = 1; round <= ROUNDS; round += 1) {
    if (!server) {
      server = await startServer(settings);
      await recover(server, memberIds, round - 1);
    }
    const killAfter = Math.round((MIN_SECONDS + Math.random() * (MAX_SECONDS - MIN_SECONDS)) * 1000);
    const event = await openBetEvent(operator, round, Date.now() + killAfter);
    const world: World = { port: settings.port, members, ...catalogue, event };
    journal.newRound();
    const load = startLoad(world, journal, CLIENTS);
    // The operator settles the previous round's event while this round's load runs.
    const previous = events.at(-1);
    const settling = previous
      ? sleep(killAfter / 2).then(() => settle(previous.id, 'Red'))
      : Promise.resolve();
    settling.catch(() => {}); // awaited below, after the kill
    events.push(event);
    await sleep(killAfter);
    load.stop();
    await server.kill();
    server = null;
    await load.done;
    await settling;
    const integrity = sqlite ? sqliteIntegrity(file) : 'n/a (PostgreSQL)';
    if (sqlite && integrity !== 'ok') fail(`integrity after kill ${round}`, [integrity]);
    const r = journal.round;
    console.info(
      `round ${round}: killed after ${seconds(killAfter)}; ${r.sent} requests, ${r.acknowledged} answered code 1, ${r.refused} refused, ${r.unanswered} cut off by the kill; integrity_check: ${integrity}`,
    );
  }

  server = await startServer(settings);
  await recover(server, memberIds, ROUNDS);
  await settle(events.at(-1)!.id, 'Blue');
  const ledger = await checkLedger(operator.db);
  fail('ledger', ledger.problems);
  await server.stop();
  server = null;
  if (sqlite) {
    const integrity = sqliteIntegrity(file);
    if (integrity !== 'ok') fail('integrity after the last stop', [integrity]);
  }

  const kinds = [...journal.countByKind()].map(([kind, n]) => `${kind} ${n}`).join(', ');
  console.info(`\nacknowledged writes: ${journal.acks.length} (${kinds})`);
  console.info(
    `cut-off requests sent again after a restart: ${journal.retried}, ${journal.retriedAcknowledged} answered code 1`,
  );
  const refusals = [...journal.refusals].sort((a, b) => b[1] - a[1]);
  console.info(`refused: ${refusals.map(([msg, n]) => `${n}× "${msg}"`).join(', ') || 'none'}`);
  console.info(`ledger: ${ledger.rows} rows over ${ledger.members} members`);
  if (operatorBusy.length)
    console.info(`the operator's settlement was run again after: ${operatorBusy.join(', ')}`);
} catch (err) {
  failures.push(`the run stopped: ${(err as Error).stack ?? err}`);
} finally {
  await server?.kill();
  await operator.close();
}

if (failures.length === 0) {
  console.info(
    `\nPASS: every write answered with code 1 is there after ${ROUNDS} kills, ${sqlite ? 'integrity_check is ok after each, ' : ''}the ledger agrees with every balance and none is negative`,
  );
  rmSync(dir, { recursive: true, force: true });
} else {
  console.error(`\nFAIL (${failures.length}):\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  console.error(`the database, uploads and the server's output are kept in ${dir}`);
  process.exitCode = 1;
}
