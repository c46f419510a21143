import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_VERSION, type EndpointDef, endpoints, endpointUrl } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { translator } from '../src/i18n';
import { ENGINE } from './helper';
import { insertTopic } from './support/community';
import { freeLoopbackPort } from './support/ports';
import { type PostgresCluster, startPostgresCluster } from './support/postgres-cluster';

/*
 * The real server process on a PostgreSQL server of its own, stopped and started again while
 * members post, like, read feeds and sign in: the process stays up, what cannot reach the database
 * answers 503 with a Retry-After, and it serves again soon after the database is back.
 */
const MAIN = path.resolve(__dirname, '../src/main.ts');
/** How soon after the database accepts connections again the server must serve writes. */
const RECOVERY_BUDGET_MS = 5_000;
/** A state the test waits for (answers seen, a recovery) that takes longer is a failure. */
const STATE_TIMEOUT_MS = 60_000;
const MEMBERS = 4;
const PASSWORD = 'correct horse battery';
/** Sign-ins are rate-limited per address (30 per 15 minutes); the load spends a few per restart. */
const LOGINS_PER_RESTART = 4;

let cluster: PostgresCluster;
let server: { origin: string; child: ChildProcess; output(): string };
let topicId: number;
const members: { username: string; token: string }[] = [];
let scratch: string;

interface Outcome {
  kind: string;
  started: number;
  ended: number;
  status?: number;
  retryAfter?: string | null;
  body?: { code: number; msg: string; data: unknown };
  /** The connection failed: no answer at all. */
  dropped?: string;
}

async function send(def: EndpointDef, payload: object, token?: string): Promise<Outcome> {
  const started = Date.now();
  try {
    const res = await fetch(server.origin + endpointUrl(def), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-client-version': CLIENT_VERSION,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await res.json()) as Outcome['body'];
    return {
      kind: def.path,
      started,
      ended: Date.now(),
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      body,
    };
  } catch (err) {
    return { kind: def.path, started, ended: Date.now(), dropped: String((err as Error).cause ?? err) };
  }
}

const alive = () => server.child.exitCode === null && server.child.signalCode === null;

async function until(what: string, predicate: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + STATE_TIMEOUT_MS;
  while (!(await predicate())) {
    if (!alive()) throw new Error(`the server exited while waiting for ${what}\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every member, each in a loop: a post, a like, the Popular feed and, now and then, a sign-in. */
function startLoad() {
  const outcomes: Outcome[] = [];
  const postIds: number[] = [];
  let running = true;
  let logins = LOGINS_PER_RESTART;
  const worker = async (member: (typeof members)[number], index: number) => {
    for (let round = 0; running; round++) {
      const step = (round + index) % 4;
      let outcome: Outcome;
      if (step === 0) {
        outcome = await send(
          endpoints.posts.createPost,
          { topic_id: topicId, text: `round ${round}` },
          member.token,
        );
        const id = (outcome.body?.data as { id?: number } | null)?.id;
        if (typeof id === 'number') postIds.push(id);
      } else if (step === 1 && postIds.length) {
        const id = postIds[(round * 7 + index) % postIds.length]!;
        outcome = await send(endpoints.posts.likePost, { id }, member.token);
      } else if (step === 2 && logins > 0 && round % 3 === 0) {
        logins--;
        outcome = await send(endpoints.auth.login, { username: member.username, password: PASSWORD });
      } else {
        outcome = await send(endpoints.posts.homeFeeds, { num: 10 }, member.token);
      }
      outcomes.push(outcome);
    }
  };
  const workers = members.map((member, index) => worker(member, index));
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

const unavailable = translator('en-US')('errors.unavailable');
const ok = (o: Outcome) => o.status === 200 && o.body?.code === 1;
const refused = (o: Outcome) =>
  o.status === 503 && o.retryAfter === '5' && o.body?.code === 0 && o.body.msg === unavailable;

describe.skipIf(ENGINE !== 'postgres')(
  'a PostgreSQL restart under a write load',
  { timeout: 120_000 },
  () => {
    beforeAll(async () => {
      scratch = mkdtempSync(path.join(tmpdir(), 'pixelhall-pg-restart-'));
      cluster = await startPostgresCluster();
      const port = await freeLoopbackPort();
      let output = '';
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: path.dirname(MAIN),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          // The developer's own engines must not leak into this server.
          ...Object.fromEntries(
            Object.entries(process.env).filter(
              ([key]) => !/^(REDIS_URL|S3_\w+|PUBLIC_URL|SMTP_URL)$/.test(key),
            ),
          ),
          NODE_ENV: 'production',
          DATABASE_URL: cluster.url,
          SEED: 'false',
          HOST: '127.0.0.1',
          PORT: String(port),
          UPLOAD_DIR: path.join(scratch, 'uploads'),
          OUTBOX_DIR: path.join(scratch, 'outbox'),
          WEB_DIST: path.join(scratch, 'no-web-app'),
          // The scheduled job runs through the outage too.
          HOT_SCORE_INTERVAL_MS: '500',
          LOG_LEVEL: 'warn',
        },
      });
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-64 * 1024);
      };
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      server = { origin: `http://127.0.0.1:${port}`, child, output: () => output };
      await until('the server to answer /healthz', () =>
        fetch(`${server.origin}/healthz`).then(
          (res) => res.ok,
          () => false,
        ),
      );

      const database = openDatabase(cluster.url, { poolSize: 1 });
      topicId = await insertTopic(database);
      await database.close();
      for (let i = 0; i < MEMBERS; i++) {
        const username = `restart${i}`;
        const { body } = await send(endpoints.auth.register, {
          username,
          email: `${username}@example.com`,
          password: PASSWORD,
        });
        expect(body?.code, JSON.stringify(body)).toBe(1);
        members.push({ username, token: (body!.data as { token: string }).token });
      }
      // The load posts far more than the hourly limits allow a member; staff are not counted by them.
      const db = openDatabase(cluster.url, { poolSize: 1 });
      await db.db
        .updateTable('users')
        .set({ role: 'moderator' })
        .where(
          'username',
          'in',
          members.map((m) => m.username),
        )
        .execute();
      await db.close();
    }, 120_000);

    afterAll(async () => {
      if (server && alive()) {
        const exited = new Promise((resolve) => server.child.once('exit', resolve));
        server.child.kill('SIGTERM');
        await exited;
      }
      await cluster?.destroy();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    });

    for (const mode of ['fast', 'immediate'] as const) {
      it(`keeps the server up through \`pg_ctl stop -m ${mode}\` and serves again once it is back`, async () => {
        const load = startLoad();
        try {
          await until('writes before the stop', () => load.outcomes.filter(ok).length >= 20);
          await cluster.stop(mode);
          const stopped = Date.now();
          await until('refusals while the database is down', () =>
            load.outcomes.some((o) => o.started > stopped && refused(o)),
          );
          await cluster.start();
          const back = Date.now();
          const servedAfter = (o: Outcome) => o.started >= back && ok(o) && o.kind === 'create/posts';
          await until('a post written after the restart', () => load.outcomes.some(servedAfter));
          const recoveryMs = Math.min(...load.outcomes.filter(servedAfter).map((o) => o.ended)) - back;
          console.info(`[postgres ${mode} stop] writes served again ${recoveryMs} ms after the restart`);
          await load.stop();

          expect(alive(), server.output()).toBe(true);
          expect(server.output()).not.toMatch(/shutting down after an error|second error/);
          const wrong = load.outcomes.filter((o) => !ok(o) && !refused(o));
          expect(wrong, server.output()).toEqual([]);
          expect(load.outcomes.filter(refused).length).toBeGreaterThan(0);
          expect(recoveryMs).toBeLessThan(RECOVERY_BUDGET_MS);
          // Nothing the server answered for is lost: every post it said it wrote is there.
          const written = load.outcomes
            .filter((o) => ok(o) && o.kind === 'create/posts')
            .map((o) => (o.body!.data as { id: number }).id);
          const database = openDatabase(cluster.url, { poolSize: 1 });
          const found = await database.db
            .selectFrom('posts')
            .select('id')
            .where('id', 'in', written)
            .execute();
          await database.close();
          expect(found.length).toBe(written.length);
        } finally {
          await load.stop();
        }
      });
    }
  },
);
