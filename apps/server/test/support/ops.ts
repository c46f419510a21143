import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import type { Services } from '../../src/services';
import { createTestDatabase, factories, type TestDatabase } from '../helper';

const run = promisify(execFile);
const CLI = path.resolve(__dirname, '../../src/ops/cli.ts');

export type OpsResult = { code: number; out: string };

/** `npm run ops -- …` as an operator types it, against the database at `databaseUrl`. */
export async function runOps(databaseUrl: string, args: string[]): Promise<OpsResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

export interface OpsTestDatabase extends TestDatabase {
  ops(...args: string[]): Promise<OpsResult>;
}

export interface OpsTestApp extends OpsTestDatabase {
  app: FastifyInstance;
  services: Services;
  make: ReturnType<typeof factories>;
}

/**
 * A database of its own for the file (or `describe` block) that calls it, with `ops` running
 * commands against it. It registers its own `beforeAll` and `afterAll` and is filled in by the
 * first, so use it inside tests and hooks only.
 */
export const opsTestDatabase = (): OpsTestDatabase => harness(false);

/** The same with the real app on that database, to see what a command did; on the real clock, as the commands are. */
export const opsTestApp = (): OpsTestApp => harness(true);

function harness(withApp: boolean): OpsTestApp {
  const t = { ops: (...args: string[]) => runOps(t.url, args) } as OpsTestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestDatabase());
    if (!withApp) return;
    const built = await buildApp({ config: testConfig(), database: t.database });
    t.app = built.app;
    t.services = built.services;
    await t.app.ready();
    t.make = factories(t.database, built.services, Date.now);
  });
  afterAll(async () => {
    await t.app?.close();
    await t.drop();
  });
  return t;
}
