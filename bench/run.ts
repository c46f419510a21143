/**
 * Load benchmark: each scenario against Pixelhall and against a bare node:http baseline started
 * in the same run, so the printed ratios hold on a shared, noisy machine. Not part of npm test.
 *   npm run bench                 (BENCH_SECONDS=5 BENCH_CONNECTIONS=20 by default)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { onServerCore, pinLoadGenerator } from './cpu-pinning';
import { cpuMs } from './process-cpu';
import { BENCH_SECRETS_KEY } from './secrets-key';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Rounds of every scenario on both servers; figures are medians over the rounds. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
// A phone asks for compressed answers; autocannon asks for none unless told.
const ACCEPT_ENCODING: Record<string, string> = process.env.BENCH_ACCEPT_ENCODING
  ? { 'accept-encoding': process.env.BENCH_ACCEPT_ENCODING }
  : {};

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Send the signed-in member's bearer token. */
  member?: boolean;
}

const ALL_SCENARIOS: Scenario[] = [
  { name: 'health (db ping)', method: 'GET', path: '/healthz' },
  {
    name: 'get/options (POST, db read)',
    method: 'POST',
    path: '/api/get/options',
    body: '{"name":"mining_config"}',
  },
  { name: 'get/options (GET variant)', method: 'GET', path: '/api/get/options?name=mining_config' },
  { name: 'main/checkVersion', method: 'POST', path: '/game-api/main/checkVersion', body: '{}' },
  { name: 'hello (same server)', method: 'GET', path: '/api/bench/hello' },
  { name: 'signed-in, no work', method: 'POST', path: '/api/bench/member', body: '{}', member: true },
  { name: 'get/user (member token)', method: 'POST', path: '/api/get/user', body: '{}', member: true },
  { name: 'latest/news (member token)', method: 'POST', path: '/api/latest/news', body: '{}', member: true },
  { name: 'invalid payload (code 0)', method: 'POST', path: '/api/get/options', body: '{"name":""}' },
  { name: 'web app index', method: 'GET', path: '/' },
];
/** `BENCH_ONLY=member` runs the scenarios whose name contains it. */
const SCENARIOS = ALL_SCENARIOS.filter(
  (s) => !process.env.BENCH_ONLY || s.name.includes(process.env.BENCH_ONLY),
);

async function start(script: string): Promise<{ child: ChildProcess; port: number; token: string }> {
  const [command, args] = onServerCore(process.execPath, ['--import', 'tsx', path.join(HERE, script)]);
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', SECRETS_KEY: BENCH_SECRETS_KEY },
  });
  const [port, token = ''] = await new Promise<string[]>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim().split(' ')));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, port: Number(port), token };
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function load(server: { port: number; child: ChildProcess }, s: Scenario, token: string) {
  const { port } = server;
  const before = cpuMs(server.child.pid!, false).server;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${s.path}`,
    method: s.method,
    body: s.body,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en-US',
      ...ACCEPT_ENCODING,
      ...(s.member && token ? { authorization: `Bearer ${token}` } : {}),
    },
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const cpuUs =
    ((cpuMs(server.child.pid!, false).server - before) * 1000) / Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    cpuUs,
  };
}

type Server = Awaited<ReturnType<typeof start>>;

console.info(
  `Pixelhall load benchmark: ${CONNECTIONS} connections, ${SECONDS}s per scenario, ${ROUNDS} round(s)`,
);
console.info(`${pinLoadGenerator()}\n`);
// Both servers run for the whole benchmark and each scenario loads the floor and then the app back
// to back, so a drift of the machine's speed over the minutes of a run (the floor alone measured
// 25,000 req/s in its first scenario and 43,000 in its last) falls on both sides of a ratio.
const servers: Server[] = [];
const floorServer = await start('baseline-server.ts');
servers.push(floorServer);
const appServer = await start('app-server.ts');
servers.push(appServer);
type Row = Awaited<ReturnType<typeof load>>;
type Rows = Record<string, Row[]>;
const baseline = { rows: {} as Rows, idle: rssMiB(floorServer.child.pid!), loaded: 0 };
const app = { rows: {} as Rows, idle: rssMiB(appServer.child.pid!), loaded: 0 };
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of SCENARIOS) {
      for (const [server, side] of [
        [floorServer, baseline],
        [appServer, app],
      ] as const) {
        // JIT and caches settle first.
        if (round === 0) await load(server, { ...s, name: `${s.name} warm-up` }, server.token);
        const row = await load(server, s, server.token);
        side.rows[s.name] = [...(side.rows[s.name] ?? []), row];
      }
    }
  }
  baseline.loaded = rssMiB(floorServer.child.pid!);
  app.loaded = rssMiB(appServer.child.pid!);
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const pad = (v: string | number, n: number) => String(v).padEnd(n);
console.info(
  `${pad('scenario', 30)}${pad('req/s', 10)}${pad('baseline', 10)}${pad('ratio', 8)}${pad('p99 ms', 8)}` +
    `${pad('CPU µs/req', 12)}${pad('baseline', 10)}${pad('errors', 8)}${ROUNDS > 1 ? 'ratio of each round' : ''}`,
);
for (const s of SCENARIOS) {
  const a = app.rows[s.name]!;
  const b = baseline.rows[s.name]!;
  // Each round's ratio compares the two servers measured seconds apart; the median of those
  // ratios, not the ratio of medians, is what the noise leaves least room to move.
  const ratios = a.map((row, i) => row.rps / b[i]!.rps);
  const of = (rows: Row[], key: 'rps' | 'p99' | 'cpuUs') => Math.round(median(rows.map((r) => r[key])));
  console.info(
    `${pad(s.name, 30)}${pad(of(a, 'rps'), 10)}${pad(of(b, 'rps'), 10)}${pad(median(ratios).toFixed(2), 8)}${pad(of(a, 'p99'), 8)}` +
      `${pad(of(a, 'cpuUs'), 12)}${pad(of(b, 'cpuUs'), 10)}${pad(
        a.reduce((n, r) => n + r.errors, 0),
        8,
      )}` +
      (ROUNDS > 1 ? ratios.map((r) => r.toFixed(2)).join(' ') : ''),
  );
}
console.info(
  `\nmemory (RSS MiB): idle ${app.idle.toFixed(0)} vs baseline ${baseline.idle.toFixed(0)} (×${(app.idle / baseline.idle).toFixed(2)}); ` +
    `after load ${app.loaded.toFixed(0)} vs ${baseline.loaded.toFixed(0)} (×${(app.loaded / baseline.loaded).toFixed(2)})`,
);
console.info(
  'errors counts non-2xx answers: the invalid-payload scenario answers 200 with code 0, so 0 is expected.',
);
