import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ScheduledJobsRepo } from './repo';

export interface ScheduledJob {
  /** The row's name in `scheduled_jobs`; the same on every server. */
  name: string;
  /** The length of a period; 0 turns the job off on this server. */
  intervalMs: number;
  /** Answers what the log should show of the run (a count, say). */
  run: () => Promise<unknown>;
}

export interface Scheduler {
  /** How this server signs the periods it runs (`last_runner`). */
  runner: string;
  /** Stops ticking and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>;
}

type Log = { debug(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** At most this much is added to each wait, so servers do not all reach the row at once. */
const MAX_JITTER_MS = 5_000;

/**
 * Runs each job once per period in the whole cluster, however many servers run this.
 *
 * Every server ticks about once per period, one interval after it starts and then just after the
 * period it last saw in the row, plus a random jitter. A tick claims the period with one
 * conditional update of the job's row in `scheduled_jobs` (repo.ts `claim`): the one server
 * whose update moves `next_run_at` forward runs the job; the others wait for the next period.
 *
 * Why a claim row rather than a PostgreSQL advisory lock or a Redis lock: a lock only keeps two
 * runs from overlapping. Two servers whose timers tick at different moments would each take the
 * free lock in turn and run once per period each. The row records when the period was taken, so
 * it is once per period; it works the same on SQLite and PostgreSQL, and needs no Redis. A
 * server that dies mid-run has already moved the row on, so the next period runs elsewhere; the
 * price is that a run outlasting its interval may overlap the next one, which the jobs allow
 * (the hot-score batch updates conditionally, the upload sweep deletes what is still abandoned).
 *
 * Periods are measured on the real clock, not the app's, so all servers share them (tests move
 * the app's clock by hand). Timers never keep the process alive.
 */
export function startScheduler({
  repo,
  jobs,
  log,
  runner = runnerName(),
  now = Date.now,
  random = Math.random,
}: {
  repo: ScheduledJobsRepo;
  jobs: ScheduledJob[];
  log: Log;
  runner?: string;
  now?: () => number;
  random?: () => number;
}): Scheduler {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const ticking = new Set<Promise<void>>();

  const jitter = (job: ScheduledJob) => Math.floor(random() * Math.min(job.intervalMs / 10, MAX_JITTER_MS));

  const schedule = (job: ScheduledJob, waitMs: number) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const tick = tickOnce(job).then((nextMs) => schedule(job, nextMs));
      ticking.add(tick);
      void tick.finally(() => ticking.delete(tick));
    }, waitMs);
    timer.unref();
    timers.add(timer);
  };

  /** Claims and runs the job's period if it is due; answers how long to wait for the next tick. */
  const tickOnce = async (job: ScheduledJob): Promise<number> => {
    const claimedAt = now();
    let nextRunAt = claimedAt + job.intervalMs;
    try {
      if (await repo.claim({ name: job.name, intervalMs: job.intervalMs, now: claimedAt, runner })) {
        await runOnce(job);
      } else {
        nextRunAt = (await repo.nextRunAt(job.name)) ?? nextRunAt;
      }
    } catch (err) {
      log.error({ err, job: job.name, runner }, 'scheduled job: the claim failed');
    }
    const untilDue = Math.min(Math.max(nextRunAt - now(), 0), job.intervalMs);
    return untilDue + jitter(job);
  };

  const runOnce = async (job: ScheduledJob) => {
    const started = now();
    try {
      const result = await job.run();
      log.debug({ job: job.name, runner, ms: now() - started, result }, 'scheduled job ran');
    } catch (err) {
      log.error({ err, job: job.name, runner, ms: now() - started }, 'scheduled job failed');
    }
  };

  for (const job of jobs) {
    if (job.intervalMs > 0) schedule(job, job.intervalMs + jitter(job));
  }

  return {
    runner,
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...ticking]);
    },
  };
}

/** Names this server in the row: its host and process, and a random part for apps sharing one. */
function runnerName(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}
