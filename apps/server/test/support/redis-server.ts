import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { freeLoopbackPort } from './ports';

/** Debian's redis-server (`.ci/run` installs it), standing in for any Redis a cluster would use. */
const REDIS_SERVER = '/usr/bin/redis-server';
const READY_WITHIN_MS = 10_000;

export interface RedisServer {
  /** `redis://127.0.0.1:<port>`, for REDIS_URL. */
  url: string;
  close(): Promise<void>;
}

/**
 * A fresh redis-server on a free loopback port, keeping nothing on disk, answering PING when this
 * resolves. A port taken between choosing it and binding it is tried again with another.
 */
export async function startRedisServer(): Promise<RedisServer> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freeLoopbackPort();
    const child = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    try {
      await answersPing(port, child);
    } catch (err) {
      await stop(child);
      if (attempt < 3 && /Address already in use/i.test(output)) continue;
      throw new Error(`redis-server did not start on port ${port}: ${(err as Error).message}\n${output}`);
    }
    return { url: `redis://127.0.0.1:${port}`, close: () => stop(child) };
  }
}

async function answersPing(port: number, child: ChildProcess): Promise<void> {
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`it exited with code ${code}`))),
  );
  exited.catch(() => {});
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (await Promise.race([ping(port), exited])) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no PONG within ${READY_WITHIN_MS} ms`);
}

/** One PING over a raw connection: true on +PONG, false on anything else (not listening yet). */
function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
