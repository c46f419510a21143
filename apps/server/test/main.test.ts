import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE } from './helper';
import { freeLoopbackPort } from './support/ports';

const MAIN = path.resolve(__dirname, '../src/main.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
  });
  child.stdout!.on('data', (d) => {
    output += d;
  });
  child.stderr!.on('data', (d) => {
    output += d;
  });
  return { child, output: () => output };
}

async function waitFor(predicate: () => RegExpMatchArray | null, ms = 20_000): Promise<RegExpMatchArray> {
  const until = Date.now() + ms;
  for (;;) {
    const match = predicate();
    if (match) return match;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) => child.once('exit', (code) => r(code)));

describe.skipIf(ENGINE !== 'sqlite')('the server process', { timeout: 60_000 }, () => {
  it('creates, migrates and seeds a new database on first start, serves, and stops cleanly on SIGTERM', async () => {
    const { child, output } = start({
      DATABASE_URL: `file:${path.join(dir, 'first.db')}`,
      UPLOAD_DIR: path.join(dir, 'uploads'),
    });
    const [, url] = await waitFor(() => output().match(/Pixelhall on (http:\/\/[\d.]+:\d+)/));
    expect(output()).toContain('migrated: 0001_foundation');
    expect(output()).toContain('seeded: app-versions');
    expect(output()).toContain(
      `engines: database sqlite, redis none (this process only), storage local folder ${path.join(dir, 'uploads')}`,
    );
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({
      status: 'ok',
      engines: { database: { engine: 'sqlite', ok: true }, storage: { kind: 'local', ok: true } },
    });

    const done = exited(child);
    child.kill('SIGTERM');
    expect(await done).toBe(0);
    expect(output()).toContain('shutting down');
  });

  it('refuses to start with a clear message when the configuration is wrong', async () => {
    const { child, output } = start({ PORT: 'eighty', DATABASE_URL: 'mysql://nope' });
    expect(await exited(child)).toBe(1);
    expect(output()).toContain('Invalid configuration');
    expect(output()).toContain('PORT');
    expect(output()).toContain('DATABASE_URL');
    expect(output()).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses to start, naming each engine, when Redis or the bucket does not answer', async () => {
    const [redisPort, s3Port] = [await freeLoopbackPort(), await freeLoopbackPort()];
    const { child, output } = start({
      DATABASE_URL: `file:${path.join(dir, 'unreachable.db')}`,
      REDIS_URL: `redis://:hunter2@127.0.0.1:${redisPort}`,
      S3_BUCKET: 'pixelhall',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(await exited(child)).toBe(1);
    expect(output()).toContain(
      `engines: database sqlite, redis redis://:***@127.0.0.1:${redisPort}, storage s3://pixelhall at http://127.0.0.1:${s3Port}`,
    );
    expect(output()).toContain('Cannot start');
    expect(output()).toContain(
      `Redis at redis://:***@127.0.0.1:${redisPort} (REDIS_URL): connect ECONNREFUSED`,
    );
    expect(output()).toContain(`the bucket s3://pixelhall at http://127.0.0.1:${s3Port} (S3_BUCKET`);
    expect(output()).not.toContain('Unhandled error event');
    expect(output()).not.toContain('hunter2');
    expect(output()).not.toMatch(/at .*\.ts:\d+/);
    // Nothing was prepared on a half-working start.
    expect(output()).not.toContain('migrated:');
  });
});
