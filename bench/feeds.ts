/**
 * Feeds at scale: the real app on a SQLite file with BENCH_POSTS posts (1,000,000) and
 * BENCH_MEMBERS members (100,000), or on PostgreSQL with the same world copied in when
 * BENCH_DATABASE_URL is set, loaded with autocannon and compared with a hello-world route of the
 * same server. Aims, as req/s ÷ hello: page 1 of both feeds 0.33 or more, a page read by cursor
 * (page 2 and page 500) 0.25 or more; and page 500 within 1.3× of page 2's time. Not part of
 * npm test.
 *   npm run bench:feeds        (BENCH_SECONDS=5 BENCH_CONNECTIONS=20 by default)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRandom } from '@pixelhall/server/src/seed/random';
import autocannon from 'autocannon';
import { callApi } from './api-call';
import { onServerCore, pinLoadGenerator } from './cpu-pinning';
import { feedsDatabase } from './feeds-data';
import { feedsPostgres } from './feeds-postgres';
import { cpuMs } from './process-cpu';
import { BENCH_SECRETS_KEY } from './secrets-key';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// A phone asks for compressed answers; autocannon asks for none unless told.
const ACCEPT_ENCODING: Record<string, string> = process.env.BENCH_ACCEPT_ENCODING
  ? { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING }
  : {};
const POSTS = Number(process.env.BENCH_POSTS ?? 1_000_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const PAGE_SIZE = 20;
const DEEP_PAGE = 500;
/** Not DATABASE_URL: a shell that exports it for the app must not send the benchmark there. */
const POSTGRES_URL = process.env.BENCH_DATABASE_URL;
const AIM_PAGE_1_OF_HELLO = 0.33;
const AIM_CURSOR_OF_HELLO = 0.25;
const AIM_DEEP_VS_TOP = 1.3;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: () => string;
  /** Send the viewer's bearer token. */
  member?: boolean;
}

interface Measured {
  rps: number;
  /** CPU µs per request: the server process, and PostgreSQL's processes (0 on SQLite). */
  serverUs: number;
  postgresUs: number;
  p50: number;
  p99: number;
  errors: number;
}

async function start(
  url: string,
  uploadDir: string,
): Promise<{ child: ChildProcess; port: number; token: string }> {
  const [command, args] = onServerCore(process.execPath, [
    '--import',
    'tsx',
    path.join(HERE, 'feeds-server.ts'),
  ]);
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SECRETS_KEY: BENCH_SECRETS_KEY,
      BENCH_DATABASE_URL: url,
      BENCH_UPLOAD_DIR: uploadDir,
    },
  });
  const [port, token = ''] = await new Promise<string[]>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim().split(' ')));
    child.once('exit', (code) => reject(new Error(`feeds-server.ts exited with ${code}`)));
  });
  return { child, port: Number(port), token };
}

function headers(token: string, member = true): Record<string, string> {
  return {
    'content-type': 'application/json',
    'accept-language': 'en-US',
    ...ACCEPT_ENCODING,
    ...(member ? { authorization: `Bearer ${token}` } : {}),
  };
}

const call = <T>(port: number, token: string, apiPath: string, payload: object) =>
  callApi<T>(port, headers(token), apiPath, payload);

type Page = { list: { id: number }[]; cursor: string | null };

async function load(server: { port: number; pid: number }, token: string, s: Scenario): Promise<Measured> {
  const { port } = server;
  const before = cpuMs(server.pid, Boolean(POSTGRES_URL));
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: s.method,
        path: s.path,
        headers: headers(token, s.member),
        ...(s.body ? { setupRequest: (req: autocannon.Request) => ({ ...req, body: s.body!() }) } : {}),
      },
    ],
  });
  const after = cpuMs(server.pid, Boolean(POSTGRES_URL));
  const answered = Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    serverUs: ((after.server - before.server) * 1000) / answered,
    // A backend that ended meanwhile takes its time with it: never below nothing.
    postgresUs: (Math.max(0, after.postgres - before.postgres) * 1000) / answered,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const data = await feedsDatabase({ posts: POSTS, members: MEMBERS, cacheDir: path.join(HERE, '.cache') });
console.info(
  `Feeds benchmark: ${POSTS.toLocaleString('en')} posts, ${MEMBERS.toLocaleString('en')} members; ` +
    `${CONNECTIONS} connections, ${SECONDS}s per scenario`,
);
console.info(
  `data: ${(data.bytes / 1024 / 1024).toFixed(0)} MiB, generated in ${data.seconds.toFixed(1)}s` +
    `${data.cached ? ` (cached: ${path.relative(process.cwd(), data.file)})` : ''}`,
);
const work = mkdtempSync(path.join(tmpdir(), 'pixelhall-feeds-'));
let url: string;
if (POSTGRES_URL) {
  const copied = await feedsPostgres(POSTGRES_URL, data);
  console.info(
    `PostgreSQL: ${(copied.bytes / 1024 / 1024).toFixed(0)} MiB, copied in ${copied.seconds.toFixed(1)}s` +
      `${copied.cached ? ' (cached: the database already holds it)' : ''}\n`,
  );
  url = POSTGRES_URL;
} else {
  // The app writes (sessions), so it runs on a copy and the cached file stays as generated.
  console.info('SQLite (BENCH_DATABASE_URL=postgres://… for PostgreSQL)\n');
  const copy = path.join(work, 'feeds.db');
  copyFileSync(data.file, copy);
  url = `file:${copy}`;
}
console.info(pinLoadGenerator());
const { child, port, token } = await start(url, path.join(work, 'uploads'));
try {
  // Page 500 the way the app reaches it: page 1, then the answered cursor 499 times.
  const walkStarted = performance.now();
  const first = await call<Page>(port, token, '/api/home/posts', { num: PAGE_SIZE });
  const topCursor = first.cursor!;
  let cursor = topCursor;
  for (let page = 2; page < DEEP_PAGE; page++)
    cursor = (await call<Page>(port, token, '/api/home/posts', { num: PAGE_SIZE, cursor })).cursor!;
  const walkMs = performance.now() - walkStarted;
  const deepByCursor = await call<Page>(port, token, '/api/home/posts', { num: PAGE_SIZE, cursor });
  const deepByOffset = await call<Page>(port, token, '/api/home/posts', { num: PAGE_SIZE, page: DEEP_PAGE });
  const sameDeepPage =
    deepByCursor.list.map((p) => p.id).join() === deepByOffset.list.map((p) => p.id).join();

  const random = createRandom(7);
  const scenarios: Scenario[] = [
    { name: 'hello (same server)', method: 'GET', path: '/api/hello', member: false },
    {
      name: 'home/posts page 1',
      method: 'POST',
      path: '/api/home/posts',
      body: () => `{"num":${PAGE_SIZE}}`,
    },
    {
      name: 'home/feeds page 1',
      method: 'POST',
      path: '/api/home/feeds',
      body: () => `{"num":${PAGE_SIZE}}`,
    },
    {
      name: 'posts/detail random id',
      method: 'POST',
      path: '/api/posts/detail',
      body: () => JSON.stringify({ id: random.int(1, POSTS), adult_confirmed: true }),
    },
    {
      name: 'home/posts cursor of page 1',
      method: 'POST',
      path: '/api/home/posts',
      body: () => JSON.stringify({ num: PAGE_SIZE, cursor: topCursor }),
    },
    {
      name: `home/posts page ${DEEP_PAGE} by cursor`,
      method: 'POST',
      path: '/api/home/posts',
      body: () => JSON.stringify({ num: PAGE_SIZE, cursor }),
    },
  ];
  for (const s of scenarios.filter((s) => s.body)) await call(port, token, s.path, JSON.parse(s.body!()));

  const rows: Record<string, Measured> = {};
  for (const s of scenarios) {
    const server = { port, pid: child.pid! };
    await load(server, token, s); // warm-up: JIT, statement cache, page cache
    rows[s.name] = await load(server, token, s);
  }

  const hello = rows[scenarios[0]!.name]!;
  const pad = (v: string | number, n: number) => String(v).padEnd(n);
  console.info(
    `${pad('scenario', 32)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('÷ hello', 10)}` +
      `${pad('CPU µs/req', 12)}${POSTGRES_URL ? pad('PG µs/req', 11) : ''}errors`,
  );
  for (const s of scenarios) {
    const r = rows[s.name]!;
    console.info(
      `${pad(s.name, 32)}${pad(Math.round(r.rps), 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(`${(r.rps / hello.rps).toFixed(2)}×`, 10)}` +
        `${pad(Math.round(r.serverUs), 12)}${POSTGRES_URL ? pad(Math.round(r.postgresUs), 11) : ''}${r.errors}`,
    );
  }
  const top = rows['home/posts cursor of page 1']!;
  const deep = rows[`home/posts page ${DEEP_PAGE} by cursor`]!;
  const atLeast = (ratio: number, aim: number) =>
    `${ratio.toFixed(2)}× (aim ≥ ${aim}×: ${ratio >= aim ? 'met' : 'MISSED'})`;
  const ofHello = (name: string, aim: number) =>
    console.info(`${pad(`${name} ÷ hello:`, 40)}${atLeast(rows[name]!.rps / hello.rps, aim)}`);
  console.info('');
  ofHello('home/posts page 1', AIM_PAGE_1_OF_HELLO);
  ofHello('home/feeds page 1', AIM_PAGE_1_OF_HELLO);
  ofHello('home/posts cursor of page 1', AIM_CURSOR_OF_HELLO);
  ofHello(`home/posts page ${DEEP_PAGE} by cursor`, AIM_CURSOR_OF_HELLO);
  const deepTime = top.rps / deep.rps;
  console.info(
    `${pad(`page ${DEEP_PAGE} time ÷ page 2 time, by cursor:`, 40)}${deepTime.toFixed(2)}× ` +
      `(aim ≤ ${AIM_DEEP_VS_TOP}×: ${deepTime <= AIM_DEEP_VS_TOP ? 'met' : 'MISSED'})`,
  );
  console.info(
    `walking to page ${DEEP_PAGE}: ${DEEP_PAGE - 1} requests in ${(walkMs / 1000).toFixed(1)}s; ` +
      `page ${DEEP_PAGE} by cursor ${sameDeepPage ? 'equals' : 'DIFFERS FROM'} page ${DEEP_PAGE} by offset`,
  );
  console.info(
    'Requests are the signed-in viewer’s (likes, 40 blocked authors); errors counts non-2xx and timeouts.',
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(work, { recursive: true, force: true });
}
