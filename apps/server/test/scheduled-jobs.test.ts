import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/database';
import { scheduledJobsRepo } from '../src/jobs/repo';
import { type ScheduledJob, startScheduler } from '../src/jobs/scheduler';
import { createTestDatabase, ENGINE, type TestDatabase } from './helper';

const PERIOD_MS = 50;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done` holds, checking every few milliseconds, for at most `ms`. */
async function until(done: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await wait(5);
  }
}

/** A log that keeps what it is told, as the app's logger would write it. */
function recordingLog() {
  const lines: { level: 'debug' | 'error'; msg: string; obj: Record<string, unknown> }[] = [];
  return {
    lines,
    debug: (obj: object, msg: string) =>
      lines.push({ level: 'debug', msg, obj: obj as Record<string, unknown> }),
    error: (obj: object, msg: string) =>
      lines.push({ level: 'error', msg, obj: obj as Record<string, unknown> }),
  };
}

let testDb: TestDatabase;
/** A second pool on the same database, as a second server has. */
let second: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  second = openDatabase(testDb.url, { poolSize: 5 });
});
afterAll(async () => {
  await second.close().catch(() => {});
  await testDb.drop();
});

describe(`two servers on one ${ENGINE} database`, () => {
  let a: App;
  let b: App;
  /** Who ran the hot-score batch, in order, across both servers. */
  const runs: string[] = [];
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    const config = testConfig({ hotScoreIntervalMs: PERIOD_MS });
    // Each its own database handle: closing an app closes the handle it was given.
    a = await buildApp({ config, database: openDatabase(testDb.url, { poolSize: 5 }) });
    b = await buildApp({ config, database: openDatabase(testDb.url, { poolSize: 5 }) });
    for (const app of [a, b]) {
      const batch = app.services.hotScore.run;
      app.services.hotScore.run = async (limit) => {
        runs.push(app.scheduler.runner);
        return batch(limit);
      };
    }
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
  });

  it('runs the hot-score batch once per period though both are up', async () => {
    await wait(25 * PERIOD_MS);
    await Promise.all([a.scheduler.stop(), b.scheduler.stop()]);
    const elapsed = Date.now() - started;

    const row = await scheduledJobsRepo(second.db).find('hot-score');
    expect(row?.runs).toBe(runs.length);
    // Two servers each running on their own timer would make about twice as many. (That a
    // period goes to one claim only is checked exactly by 'gives one period to one claim'.)
    expect(runs.length).toBeGreaterThanOrEqual(5);
    expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / PERIOD_MS) + 1);
    // Whichever server ticked first after a period began took it: both did, over 20-odd periods.
    expect(new Set(runs)).toEqual(new Set([a.scheduler.runner, b.scheduler.runner]));
    expect(row?.last_runner).toBe(runs.at(-1));
  });
});

describe('the scheduler', () => {
  it('logs a job that throws, at error, and runs it again the next period', async () => {
    const log = recordingLog();
    let calls = 0;
    const flaky: ScheduledJob = {
      name: 'flaky',
      intervalMs: PERIOD_MS,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('the batch broke');
        return calls;
      },
    };
    const scheduler = startScheduler({
      repo: scheduledJobsRepo(testDb.database.db),
      jobs: [flaky],
      log,
      runner: 'A',
    });
    try {
      await until(() => calls >= 2);
    } finally {
      await scheduler.stop();
    }
    const failed = log.lines.find((l) => l.level === 'error');
    expect(failed).toMatchObject({ msg: 'scheduled job failed', obj: { job: 'flaky', runner: 'A' } });
    expect(failed?.obj.err).toEqual(new Error('the batch broke'));
    expect(log.lines.find((l) => l.level === 'debug')).toMatchObject({
      msg: 'scheduled job ran',
      obj: { job: 'flaky', runner: 'A', result: 2 },
    });
    expect((await scheduledJobsRepo(testDb.database.db).find('flaky'))?.runs).toBe(calls);
  });

  it('lets the next period run on another server while one is stuck in its run', async () => {
    const repo = scheduledJobsRepo(testDb.database.db);
    let release = () => {};
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const ranOnB: number[] = [];
    // A takes the first period and never finishes it, as a server that died mid-run.
    const onA = startScheduler({
      repo,
      log: recordingLog(),
      runner: 'A',
      jobs: [{ name: 'stuck', intervalMs: PERIOD_MS, run: () => stuck }],
    });
    await until(async () => (await repo.find('stuck'))?.last_runner === 'A');
    const onB = startScheduler({
      repo: scheduledJobsRepo(second.db),
      log: recordingLog(),
      runner: 'B',
      jobs: [{ name: 'stuck', intervalMs: PERIOD_MS, run: async () => ranOnB.push(Date.now()) }],
    });
    try {
      await until(() => ranOnB.length >= 2);
    } finally {
      release();
      await Promise.all([onA.stop(), onB.stop()]);
    }
    expect((await repo.find('stuck'))?.last_runner).toBe('B');
  });

  it('gives one period to one claim, whatever the number of servers claiming it at once', async () => {
    const repos = [scheduledJobsRepo(testDb.database.db), scheduledJobsRepo(second.db)];
    const now = Date.now();
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        repos[i % 2]!.claim({ name: 'race', intervalMs: 60_000, now, runner: `server-${i}` }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const row = await repos[0]!.find('race');
    expect(row).toMatchObject({ runs: 1, last_run_at: now, next_run_at: now + 60_000 });
    expect(row?.last_runner).toBe(`server-${claims.indexOf(true)}`);
    // The next period is the next one's, not before.
    expect(
      await repos[1]!.claim({ name: 'race', intervalMs: 60_000, now: now + 59_999, runner: 'late' }),
    ).toBe(false);
    expect(
      await repos[1]!.claim({ name: 'race', intervalMs: 60_000, now: now + 60_000, runner: 'next' }),
    ).toBe(true);
  });

  it('leaves a job with an interval of 0 off', async () => {
    let calls = 0;
    const scheduler = startScheduler({
      repo: scheduledJobsRepo(testDb.database.db),
      log: recordingLog(),
      jobs: [{ name: 'off', intervalMs: 0, run: async () => (calls += 1) }],
    });
    await wait(5 * PERIOD_MS);
    await scheduler.stop();
    expect(calls).toBe(0);
    expect(await scheduledJobsRepo(testDb.database.db).find('off')).toBeNull();
  });
});
