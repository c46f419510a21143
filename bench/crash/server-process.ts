import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints, endpointUrl, isEnvelope } from '@pixelhall/contract';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MAIN = path.join(REPO, 'apps/server/src/main.ts');
const READY_TIMEOUT_MS = 120_000;

export interface ServerSettings {
  port: number;
  databaseUrl: string;
  uploadDir: string;
  outboxDir: string;
  /** Where the server's own output goes (appended across restarts), for a post-mortem. */
  logFile: string;
}

export interface RunningServer {
  /** From spawn to the first answered request: startup, migrations and the database's recovery. */
  startedInMs: number;
  /** SIGKILL: no close hook, no checkpoint, no goodbye; in-flight requests and transactions die. */
  kill(): Promise<void>;
  /** SIGTERM: the server's graceful shutdown (in-flight requests finish, the database closes). */
  stop(): Promise<void>;
}

/**
 * The server as production runs it (apps/server/src/main.ts), in a child process of its own.
 * Node loads tsx in the same process (`--import`), where the `tsx` command would start a second
 * process that a SIGKILL of the first one leaves running.
 */
export async function startServer(settings: ServerSettings): Promise<RunningServer> {
  const started = performance.now();
  const log = openSync(settings.logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(settings.port),
      DATABASE_URL: settings.databaseUrl,
      UPLOAD_DIR: settings.uploadDir,
      OUTBOX_DIR: settings.outboxDir,
      LOG_LEVEL: 'warn',
      // The load comes from one address, past the per-address connection cap.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    },
  });
  closeSync(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await untilAnswering(settings.port, exited);
  } catch (err) {
    child.kill('SIGKILL');
    const tail = readFileSync(settings.logFile, 'utf8').split('\n').slice(-30).join('\n');
    throw new Error(`${(err as Error).message}\n--- server output ---\n${tail}`);
  }
  const startedInMs = performance.now() - started;
  return {
    startedInMs,
    kill: () => signal(child, 'SIGKILL', exited),
    stop: () => signal(child, 'SIGTERM', exited),
  };
}

async function signal(child: ChildProcess, name: NodeJS.Signals, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill(name);
  await exited;
}

async function untilAnswering(port: number, exited: Promise<number | null>): Promise<void> {
  let gone: number | null | undefined;
  void exited.then((code) => {
    gone = code;
  });
  const deadline = performance.now() + READY_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (gone !== undefined) throw new Error(`the server exited with ${gone} before answering`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}${endpointUrl(endpoints.options.getOptions)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      // Any envelope: the app is listening with its routes and its database.
      if (isEnvelope(await res.json())) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer within ${READY_TIMEOUT_MS / 1000} s`);
}
