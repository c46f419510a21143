import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type EndpointDef,
  type Envelope,
  endpointUrl,
  NEW_MEMBER_AGE_MS,
  NEW_MEMBER_LEVEL,
  type PayloadOf,
} from '@pixelhall/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/database';
import { migrateToLatest, migrator } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations';
import type { Services } from '../src/services';

/** Where sessions a test makes directly (not through a sign-in call) say they come from. */
export const TEST_ORIGIN = { deviceType: 'android_new', appVersion: '1.8.6', address: '127.0.0.1' } as const;

export const ENGINE = (process.env.TEST_DB_ENGINE ?? 'sqlite') as 'sqlite' | 'postgres';

export interface TestDatabase {
  database: Database;
  url: string;
  /** Closes and deletes the database. */
  drop(): Promise<void>;
}

/**
 * A brand-new, migrated database for one test file, on the engine this run tests; with `upTo`,
 * migrated only that far, and with `before`, up to the migration just before that one (to test a
 * migration on the rows it finds).
 */
export async function createTestDatabase(
  options: { upTo?: string; before?: string } = {},
): Promise<TestDatabase> {
  const upTo = options.before ? migrationBefore(options.before) : options.upTo;
  const migrate = async (database: Database) => {
    if (!upTo) return migrateToLatest(database);
    const { error } = await migrator(database).migrateTo(upTo);
    if (error) throw error;
  };
  if (ENGINE === 'postgres') return createPostgresDatabase(migrate);
  const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-test-'));
  const url = `file:${path.join(dir, 'test.db')}`;
  const database = openDatabase(url);
  await migrate(database);
  return {
    database,
    url,
    async drop() {
      await database.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function migrationBefore(name: string): string {
  const index = MIGRATIONS.findIndex(([migration]) => migration === name);
  if (index < 1) throw new Error(`no migration comes before ${name}`);
  return MIGRATIONS[index - 1]![0];
}

async function createPostgresDatabase(
  migrate: (database: Database) => Promise<unknown>,
): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `pixelhall_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = openDatabase(url.toString(), { poolSize: 5 });
  await migrate(database);
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close().catch(() => {});
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: Database;
  config: Config;
  make: ReturnType<typeof factories>;
  /** Advances the app's clock (sessions, expiry) without waiting. */
  clock: { now: number; advance(ms: number): void };
  /** Every wait a slowed log-in asked for, in milliseconds; none is really waited. */
  sleeps: number[];
  close(): Promise<void>;
}

/**
 * The real app on a fresh database. Pass `beforeReady` to add test-only routes; call
 * `app.ready()` is done for you.
 */
export async function buildTestApp(
  options: { config?: Partial<Config>; beforeReady?: (app: FastifyInstance) => void | Promise<void> } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const clock = {
    now: Date.UTC(2026, 10, 21, 12),
    advance(ms: number) {
      this.now += ms;
    },
  };
  // Sign-ups mail their address: without SMTP those mails land in a folder of the app's own.
  const outboxDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-outbox-'));
  const config = testConfig({ outboxDir, ...options.config });
  const sleeps: number[] = [];
  const { app, services } = await buildApp({
    config,
    database: testDb.database,
    clock: () => clock.now,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    services,
    database: testDb.database,
    config,
    clock,
    sleeps,
    make: factories(testDb.database, services, () => clock.now),
    async close() {
      await app.close();
      await testDb.drop();
      rmSync(outboxDir, { recursive: true, force: true });
    },
  };
}

let sequence = 0;

/** The level of a member the factories make, one past the new members' (NEW_MEMBER_LEVEL). */
export const ESTABLISHED_LEVEL = NEW_MEMBER_LEVEL + 1;

/** Factories, not fixture files: each call makes a fresh row with believable defaults. */
export function factories(database: Database, services: Services, now: () => number) {
  return {
    /**
     * A member past the new-member rules by default (level 2, joined two days ago), so tests of
     * other features post as often and with as many links as they like. Their experience starts
     * at 0 all the same, as a level an operator set would (levels never fall to the experience);
     * `newcomer: true` for one who just signed up (level 1, joined now), whom the content
     * filters hold and limit (docs/product/moderation.md#filters-and-new-member-limits).
     */
    async user(
      overrides: {
        username?: string;
        nickname?: string;
        status?: 'active' | 'disabled';
        newcomer?: boolean;
      } = {},
    ) {
      sequence += 1;
      const username = overrides.username ?? `player${sequence}`;
      const newcomer = overrides.newcomer ?? false;
      const row = await database.db
        .insertInto('users')
        .values({
          username,
          nickname: overrides.nickname ?? `Player ${sequence}`,
          status: overrides.status ?? 'active',
          level: newcomer ? 1 : ESTABLISHED_LEVEL,
          created_at: newcomer ? now() : now() - 2 * NEW_MEMBER_AGE_MS,
          updated_at: now(),
        })
        .returning(['id', 'username', 'nickname'])
        .executeTakeFirstOrThrow();
      return { ...row, id: Number(row.id) };
    },
    /** A signed-in member: the user and a bearer token for it. */
    async member(overrides: { username?: string; newcomer?: boolean } = {}) {
      const user = await this.user(overrides);
      const { token, sessionId } = await services.sessions.create(user.id, TEST_ORIGIN);
      return { user, token, sessionId };
    },
  };
}

export interface CallOptions {
  token?: string;
  locale?: string;
  method?: 'POST' | 'GET' | 'DELETE';
  headers?: Record<string, string>;
}

/** Calls a contract endpoint the way the web client does and returns the parsed envelope. */
export async function call<E extends EndpointDef>(
  app: FastifyInstance,
  def: E,
  payload: PayloadOf<E> | Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<{ status: number; body: Envelope<unknown> }> {
  const method = options.method ?? 'POST';
  const headers: Record<string, string> = { 'x-client-version': '1.8.6', ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.locale) headers['accept-language'] = options.locale;
  const url = endpointUrl(def);
  const res =
    method === 'POST'
      ? await app.inject({ method, url, headers, payload: payload as Record<string, unknown> })
      : await app.inject({ method, url, headers, query: payload as Record<string, string> });
  return { status: res.statusCode, body: res.json() };
}
