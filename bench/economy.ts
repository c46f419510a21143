/**
 * The economy under load: the real app over HTTP on a seeded SQLite file (economy-server.ts),
 * loaded with autocannon, against two floors measured in the same run: a bare node:http server
 * (baseline-server.ts) and a hello route of the app itself. Scenarios: buy/prop with a fresh
 * request_id each time (a claim or purchase that writes: the operation key, a ledger leg with
 * its conditional balance update, a lot), the same request_ids again (the idempotent replay
 * path), wallet/history page 1 of a member with BENCH_HISTORY ledger rows, and bet/list page 1
 * of a member with BENCH_BETS bets. After the load the ledger is checked: every purchase
 * answered is in it once, replays added nothing, every balance is the sum of its rows.
 * Not part of npm test.
 *   npm run bench:economy        (BENCH_SECONDS=5 BENCH_CONNECTIONS=20 by default)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints, endpointUrl } from '@pixelhall/contract';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { callApi } from './api-call';
import { BENCH_SECRETS_KEY } from './secrets-key';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 10_000);
const BETS = Number(process.env.BENCH_BETS ?? 5_000);
const PAGE_SIZE = 20;

interface Ready {
  port: number;
  buyers: string[];
  propId: number;
  historian: string;
  bettor: string;
  setupSeconds: number;
}

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** A fresh body and bearer token for each request. */
  next?: () => { body?: string; token?: string };
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  /** Non-2xx answers, timeouts and envelopes whose code is not 1. */
  errors: number;
  /** Answers with code 1. */
  ok: number;
}

async function start(
  script: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, script)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production', SECRETS_KEY: BENCH_SECRETS_KEY, ...env },
  });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')).trim());
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
  return { child, line };
}

async function stop(child: ChildProcess): Promise<void> {
  // A child that was killed has a signalCode and no exitCode.
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const headers = (token?: string): Record<string, string> => ({
  'content-type': 'application/json',
  'accept-language': 'en-US',
  'x-client-version': '1.8.6',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

async function load(port: number, s: Scenario): Promise<Measured> {
  let ok = 0;
  let refused = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: s.method,
        path: s.path,
        headers: headers(),
        ...(s.next
          ? {
              setupRequest: (req: autocannon.Request) => {
                const { body, token } = s.next!();
                return { ...req, body, headers: headers(token) };
              },
            }
          : {}),
        onResponse: (status: number, body: string) => {
          // The envelope starts with its code; anything but 1 is a refusal under load.
          if (status === 200 && body.startsWith('{"code":1,')) ok += 1;
          else refused += 1;
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: refused + result.errors + result.timeouts,
    ok,
  };
}

const call = <T>(port: number, token: string, apiPath: string, payload: object) =>
  callApi<T>(port, headers(token), apiPath, payload);

console.info(
  `Economy benchmark: ${CONNECTIONS} connections, ${SECONDS}s per scenario; ` +
    `history of ${HISTORY.toLocaleString('en')} ledger rows, ${BETS.toLocaleString('en')} bets`,
);

// The bare floor first, alone on the machine, as bench/run.ts measures it.
const helloScenario: Scenario = { name: 'hello', method: 'GET', path: '/api/hello' };
const base = await start('baseline-server.ts');
let baseline: Measured;
try {
  const port = Number(base.line.split(' ')[0]);
  await load(port, helloScenario);
  baseline = await load(port, helloScenario);
} finally {
  await stop(base.child);
}

const work = mkdtempSync(path.join(tmpdir(), 'pixelhall-economy-'));
const file = path.join(work, 'economy.db');
const server = await start('economy-server.ts', {
  BENCH_DB: file,
  BENCH_CONNECTIONS: String(CONNECTIONS),
  BENCH_HISTORY: String(HISTORY),
  BENCH_BETS: String(BETS),
});
try {
  const ready = JSON.parse(server.line) as Ready;
  const { port, buyers, propId } = ready;
  console.info(
    `setup (seed, members, history and bets through the ledger): ${ready.setupSeconds.toFixed(1)}s\n`,
  );

  const buyPath = endpointUrl(endpoints.props.buyProp);
  const historyPath = endpointUrl(endpoints.wallet.walletHistory);
  const betsPath = endpointUrl(endpoints.bets.betList);

  // One purchase per buyer whose request_id the replay scenario sends again and again.
  const replayIds = buyers.map((_, i) => `bench-replay-${i + 1}`);
  for (const [i, token] of buyers.entries())
    await call(port, token, buyPath, { prop_id: propId, num: 1, request_id: replayIds[i] });
  const history = await call<{ list: unknown[]; total: number }>(port, ready.historian, historyPath, {
    num: PAGE_SIZE,
  });
  const bets = await call<{ list: unknown[]; total: number }>(port, ready.bettor, betsPath, {
    num: PAGE_SIZE,
  });
  if (history.list.length !== PAGE_SIZE || history.total < HISTORY)
    throw new Error(`the historian's page 1 has ${history.list.length} of ${history.total} rows`);
  if (bets.list.length !== PAGE_SIZE || bets.total !== BETS)
    throw new Error(`the bettor's page 1 has ${bets.list.length} of ${bets.total} bets`);

  let sequence = 0;
  let turn = 0;
  const nextBuyer = () => {
    turn = (turn + 1) % buyers.length;
    return turn;
  };
  const scenarios: Scenario[] = [
    helloScenario,
    {
      name: 'buy/prop, fresh request_id',
      method: 'POST',
      path: buyPath,
      next: () => {
        sequence += 1;
        const request_id = `bench-${String(sequence).padStart(8, '0')}`;
        return { token: buyers[nextBuyer()], body: JSON.stringify({ prop_id: propId, num: 1, request_id }) };
      },
    },
    {
      name: 'buy/prop, repeated request_id',
      method: 'POST',
      path: buyPath,
      next: () => {
        const i = nextBuyer();
        return {
          token: buyers[i],
          body: JSON.stringify({ prop_id: propId, num: 1, request_id: replayIds[i] }),
        };
      },
    },
    {
      name: `wallet/history p1 (${(history.total / 1000).toFixed(0)}k rows)`,
      method: 'POST',
      path: historyPath,
      next: () => ({ token: ready.historian, body: `{"num":${PAGE_SIZE}}` }),
    },
    {
      name: `bet/list p1 (${(bets.total / 1000).toFixed(0)}k bets)`,
      method: 'POST',
      path: betsPath,
      next: () => ({ token: ready.bettor, body: `{"num":${PAGE_SIZE}}` }),
    },
    {
      name: 'bet/list p1, filter won',
      method: 'POST',
      path: betsPath,
      next: () => ({ token: ready.bettor, body: `{"num":${PAGE_SIZE},"filter":"won"}` }),
    },
  ];

  const rows: Record<string, Measured> = {};
  let bought = 0;
  for (const s of scenarios) {
    const warm = await load(port, s); // JIT, statement cache, page cache
    rows[s.name] = await load(port, s);
    if (s.name.startsWith('buy/prop, fresh')) bought = warm.ok + rows[s.name]!.ok;
  }
  await stop(server.child);

  const hello = rows[helloScenario.name]!;
  const pad = (v: string | number, n: number) => String(v).padEnd(n);
  console.info(
    `${pad('scenario', 34)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('vs node:http', 14)}${pad('vs app hello', 14)}errors`,
  );
  console.info(
    `${pad('node:http hello (baseline)', 34)}${pad(Math.round(baseline.rps), 9)}${pad(baseline.p50, 8)}${pad(baseline.p99, 8)}${pad('1.00×', 14)}${pad('', 14)}${baseline.errors}`,
  );
  for (const s of scenarios) {
    const r = rows[s.name]!;
    const name = s === helloScenario ? 'app hello (same server)' : s.name;
    console.info(
      `${pad(name, 34)}${pad(Math.round(r.rps), 9)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(`${(baseline.rps / r.rps).toFixed(2)}×`, 14)}${pad(`${(hello.rps / r.rps).toFixed(2)}×`, 14)}${r.errors}`,
    );
  }
  const fresh = rows['buy/prop, fresh request_id']!;
  const replay = rows['buy/prop, repeated request_id']!;
  console.info(
    `\nrepeated vs fresh request_id: ${(replay.rps / fresh.rps).toFixed(2)}× the throughput ` +
      `(p50 ${replay.p50} vs ${fresh.p50} ms)`,
  );

  // What the load left in the ledger. Purchases still in flight when a run stopped were done
  // by the server but never counted as answered: at most one per connection and run.
  const ledger = new SQLite(file, { readonly: true });
  try {
    const count = (query: string) => Number((ledger.prepare(query).get() as { n: number }).n);
    const fresh = `key like 'buy:%:bench-%' and key not like '%:bench-replay-%' and key not like '%:bench-history-%'`;
    const purchases = count(`select count(*) as n from ledger_operations where ${fresh}`);
    const legs = count(
      `select count(*) as n from ledger where reason = 'prop_purchase' and operation_key like 'buy:%:bench-%' and operation_key not like '%:bench-replay-%' and operation_key not like '%:bench-history-%'`,
    );
    const lots = count(
      `select count(*) as n from user_props where operation_key like 'buy:%:bench-%' and operation_key not like '%:bench-replay-%' and operation_key not like '%:bench-history-%'`,
    );
    const replays = count(`select count(*) as n from ledger where operation_key like 'buy:%:bench-replay-%'`);
    const mismatched = count(
      `select count(*) as n from users u where u.gold <> (select coalesce(sum(amount), 0) from ledger l where l.user_id = u.id and l.currency = 'gold')
         or u.diamonds <> (select coalesce(sum(amount), 0) from ledger l where l.user_id = u.id and l.currency = 'diamonds')`,
    );
    const negative = count('select count(*) as n from users where gold < 0 or diamonds < 0');
    const inFlight = purchases - bought;
    const whole = legs === purchases && lots === purchases && inFlight >= 0 && inFlight <= 2 * CONNECTIONS;
    console.info(
      `ledger after the load: ${purchases} purchases, ${legs} legs, ${lots} lots for ${bought} answered ` +
        `(+${inFlight} in flight at the stops: ${whole ? 'consistent' : 'INCONSISTENT'}); ` +
        `${replays} ledger rows for ${buyers.length} repeated request_ids (${replays === buyers.length ? 'charged once' : 'CHARGED AGAIN'}); ` +
        `balances not equal to their ledger sum: ${mismatched}; below zero: ${negative}`,
    );
  } finally {
    ledger.close();
  }
  console.info(
    'Ratios are how many times slower than the floor (req/s of the floor ÷ req/s of the scenario); errors counts non-2xx, timeouts and code ≠ 1.',
  );
} finally {
  await stop(server.child);
  rmSync(work, { recursive: true, force: true });
}
