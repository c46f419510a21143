import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE } from './helper';

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
    const { child, output } = start({ DATABASE_URL: `file:${path.join(dir, 'first.db')}` });
    const [, url] = await waitFor(() => output().match(/Pixelhall on (http:\/\/[\d.]+:\d+)/));
    expect(output()).toContain('migrated: 0001_foundation');
    expect(output()).toContain('seeded: app-versions');
    const health = await fetch(`${url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok', engine: 'sqlite' });

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
});
