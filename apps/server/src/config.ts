import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * npm runs workspace scripts inside the workspace folder; relative paths given by a person mean
 * the folder they typed the command in, which npm passes as INIT_CWD.
 */
function resolveFromInvocation(p: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), p);
}

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|postgres:\/\/|postgresql:\/\/)/, 'must start with file: or postgres://')
    .default('file:./data/pixelhall.db'),
  WEB_DIST: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag.default(false),
  SEED: flag.default(true),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(30),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(180),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string;
  /** The built web app, or null when there is none (API-only runs, tests). */
  webDist: string | null;
  logLevel: string;
  trustProxy: boolean;
  seed: boolean;
  sessionIdleMs: number;
  sessionMaxMs: number;
  bodyLimit: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const webDist = e.WEB_DIST ? resolveFromInvocation(e.WEB_DIST) : path.join(REPO_ROOT, 'apps/web/dist');
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: normaliseDatabaseUrl(e.DATABASE_URL),
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : null,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seed: e.SEED,
    sessionIdleMs: e.SESSION_IDLE_DAYS * 86_400_000,
    sessionMaxMs: e.SESSION_MAX_DAYS * 86_400_000,
    bodyLimit: e.BODY_LIMIT_BYTES,
  };
}

function normaliseDatabaseUrl(url: string): string {
  if (!url.startsWith('file:')) return url;
  const file = url.slice('file:'.length);
  return file === ':memory:' ? url : `file:${resolveFromInvocation(file)}`;
}

/** A config for tests and tools: defaults, quiet logs, no web app unless asked for. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED: 'false' }),
    webDist: null,
    ...overrides,
  };
}
