import { createHash } from 'node:crypto';
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

const WEBAUTHN_ORIGIN_RULE =
  'each must be an https:// origin (http:// only on localhost) or an android:apk-key-hash: origin';

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
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(72_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(64),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  HOT_SCORE_INTERVAL_MS: z.coerce.number().int().min(0).default(30_000),
  FILE_SWEEP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60_000),
  FILE_SWEEP_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(24 * 60 * 60_000),
  ACCOUNT_EXPORT_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
  ACCOUNT_ERASURE_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60 * 1000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Pixelhall <no-reply@pixelhall.local>'),
  OUTBOX_DIR: z.string().min(1).default('./data/outbox'),
  UPLOAD_DIR: z.string().min(1).default('./data/uploads'),
  UPLOAD_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  TRANSLATE_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRANSLATE_API_KEY: z.string().min(1).optional(),
  OIDC_PROVIDERS: z.string().default('[]'),
  FIREBASE_PROJECT_ID: z.string().optional(),
  FIREBASE_JWKS_URL: z
    .url()
    .default('https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  CSP_EXTRA_ORIGINS: z
    .string()
    .default('')
    .transform((list) => list.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.url({ protocol: /^https?$/ }).transform((url) => new URL(url).origin))),
  WEBAUTHN_RP_ID: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.*[a-z])[a-z0-9.-]+$/, 'must be a domain name such as pixelhall.example (not an IP address)')
    .optional(),
  WEBAUTHN_ORIGINS: z
    .string()
    .optional()
    .transform((list) => list?.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(z.string().refine(isWebAuthnOrigin, WEBAUTHN_ORIGIN_RULE)).optional()),
  WEBAUTHN_RP_NAME: z.string().trim().min(1).max(64).default('Pixelhall'),
  SECRETS_KEY: z
    .string()
    .refine(
      (v) => secretsKeyBytes(v) !== null,
      'must be 32 bytes: 64 hex digits, or base64 (openssl rand -base64 32)',
    )
    .optional(),
});

/**
 * The key that encrypts secrets stored at rest (authenticator apps' TOTP secrets) and keys the
 * recovery codes' hashes. Unset, every server derives the same development key from this fixed
 * text: the data still works across servers, but anyone who reads this file can decrypt it, so
 * production sets its own (docs/deployment.md, "The servers").
 */
const DEVELOPMENT_SECRETS_KEY = 'pixelhall development secrets key: set SECRETS_KEY in production';

function secretsKeyBytes(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return bytes.length === 32 ? bytes : null;
  }
  return null;
}

/** A web origin (`https://host[:port]`, or http on localhost) or an Android app's signing-key origin. */
function isWebAuthnOrigin(value: string): boolean {
  if (/^android:apk-key-hash:[A-Za-z0-9_-]{20,}$/.test(value)) return true;
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.origin !== value.replace(/\/+$/, '')) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && url.hostname === 'localhost');
}

const isIpAddress = (host: string) => /^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[');

/**
 * The WebAuthn relying party (docs/deployment.md, "Passkeys"). `rpId`: the domain passkeys are
 * bound to; `origins`: the pages (and native apps) whose ceremonies count. Null: taken from each
 * request's own host, which serves `npm start` on localhost and the journeys; production sets
 * WEBAUTHN_RP_ID, or PUBLIC_URL with a domain name.
 */
function webAuthnConfig(e: z.output<typeof envSchema>): Config['webauthn'] {
  const publicUrl = e.PUBLIC_URL ? new URL(e.PUBLIC_URL) : null;
  const fromPublic = publicUrl && !isIpAddress(publicUrl.hostname) ? publicUrl : null;
  const rpId = e.WEBAUTHN_RP_ID ?? fromPublic?.hostname ?? null;
  const origins =
    e.WEBAUTHN_ORIGINS?.map((o) => o.replace(/\/+$/, '')) ?? (fromPublic ? [fromPublic.origin] : null);
  if (rpId && origins) {
    const outside = origins.filter((o) => {
      if (o.startsWith('android:')) return false;
      const host = new URL(o).hostname;
      return host !== rpId && !host.endsWith(`.${rpId}`);
    });
    if (outside.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  WEBAUTHN_ORIGINS: ${outside.join(', ')} not within WEBAUTHN_RP_ID ${rpId}`,
      );
    }
  }
  return { rpId, origins, rpName: e.WEBAUTHN_RP_NAME };
}

/**
 * An OpenID Connect provider members may sign in with. `client_id` is the public client of the
 * browser flow (PKCE); `audiences` adds the client ids of native apps whose tokens `third/login`
 * accepts. Keys come from `jwks_uri`, or from the issuer's discovery document.
 */
const providerSchema = z.object({
  id: z.string().regex(/^[a-z0-9_-]{1,32}$/),
  name: z.string().min(1),
  issuer: z.url(),
  client_id: z.string().min(1),
  audiences: z.array(z.string().min(1)).default([]),
  jwks_uri: z.url().optional(),
  scopes: z.string().default('openid email profile'),
});
export type OidcProvider = z.output<typeof providerSchema>;

/** S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Ceph): on when S3_BUCKET is set. */
export interface S3Config {
  bucket: string;
  /** Null: AWS's own endpoint for the region. */
  endpoint: string | null;
  region: string;
  /** Null (both): the SDK's default credential chain (instance role, environment, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `true` for MinIO-style endpoints: `<endpoint>/<bucket>/<key>` instead of a bucket host name. */
  forcePathStyle: boolean;
}

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
  /** How long nothing may move on a connection under way (http/stalled-connections.ts). */
  idleTimeoutMs: number;
  /** How long a request's header block may take in all. */
  headersTimeoutMs: number;
  /** How long a connection waits, idle, for its next request. */
  keepAliveTimeoutMs: number;
  /** Open connections one client address may hold; 0: no cap. Off behind a proxy (`trustProxy`). */
  maxConnectionsPerAddress: number;
  /** Where people reach the app; links in e-mails point here. */
  publicUrl: string;
  /** PUBLIC_URL as given; null when unset, so shared post links follow the request's origin. */
  configuredPublicUrl: string | null;
  /** How often the hot-score batch runs; 0 turns it off (tests run it by hand). */
  hotScoreIntervalMs: number;
  /** How often the sweep of unreferenced stored files runs; 0 turns it off (file-lifetime.md). */
  fileSweepIntervalMs: number;
  /** How long after its last put a stored file is kept even when nothing refers to it. */
  fileSweepGraceMs: number;
  /** How often waiting exports of members' data are looked for and built; 0 turns it off. */
  accountExportIntervalMs: number;
  /** How often accounts whose deletion is due are erased (the `account-erasure` job); 0 turns it off. */
  accountErasureIntervalMs: number;
  /** Null: mails go to `outboxDir` and the log instead. */
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
  uploadDir: string;
  /** What one member may store: their posts' files, archives and uploads in progress. */
  uploadQuotaBytes: number;
  /** A LibreTranslate-compatible service (base URL, no trailing slash); null: no translation. */
  translateUrl: string | null;
  translateApiKey: string | null;
  oidcProviders: OidcProvider[];
  firebase: { projectId: string; jwksUrl: string } | null;
  /**
   * Origins besides this server's and the sign-in providers' that the web app fetches from and
   * shows images of: split game/upload hosts, a provider's token endpoint on another host.
   */
  cspExtraOrigins: string[];
  /** Shared state between servers (rate limits, cache invalidation, upload locks); null: this process only. */
  redisUrl: string | null;
  /** Null: files live in `uploadDir` on this server's disk. */
  s3: S3Config | null;
  /**
   * The passkeys' relying party: `rpId` and `origins` null mean "the request's own host"
   * (webAuthnConfig); `rpName` is what the device's passkey sheet names.
   */
  webauthn: { rpId: string | null; origins: string[] | null; rpName: string };
  /** 32 bytes from SECRETS_KEY, or the development key derived when it is unset. */
  secretsKey: Buffer;
  /** False when `secretsKey` is the development key (the app warns in production). */
  secretsKeyConfigured: boolean;
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
    idleTimeoutMs: e.IDLE_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    configuredPublicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null,
    hotScoreIntervalMs: e.HOT_SCORE_INTERVAL_MS,
    fileSweepIntervalMs: e.FILE_SWEEP_INTERVAL_MS,
    fileSweepGraceMs: e.FILE_SWEEP_GRACE_MS,
    accountExportIntervalMs: e.ACCOUNT_EXPORT_INTERVAL_MS,
    accountErasureIntervalMs: e.ACCOUNT_ERASURE_INTERVAL_MS,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    outboxDir: resolveFromInvocation(e.OUTBOX_DIR),
    uploadDir: resolveFromInvocation(e.UPLOAD_DIR),
    uploadQuotaBytes: e.UPLOAD_QUOTA_BYTES,
    translateUrl: e.TRANSLATE_URL ? e.TRANSLATE_URL.replace(/\/+$/, '') : null,
    translateApiKey: e.TRANSLATE_API_KEY ?? null,
    oidcProviders: parseProviders(e.OIDC_PROVIDERS),
    firebase: e.FIREBASE_PROJECT_ID
      ? { projectId: e.FIREBASE_PROJECT_ID, jwksUrl: e.FIREBASE_JWKS_URL }
      : null,
    cspExtraOrigins: e.CSP_EXTRA_ORIGINS,
    redisUrl: e.REDIS_URL ?? null,
    s3: s3Config(e),
    webauthn: webAuthnConfig(e),
    secretsKey: e.SECRETS_KEY
      ? secretsKeyBytes(e.SECRETS_KEY)!
      : createHash('sha256').update(DEVELOPMENT_SECRETS_KEY).digest(),
    secretsKeyConfigured: e.SECRETS_KEY !== undefined,
  };
}

function s3Config(e: z.output<typeof envSchema>): S3Config | null {
  if (!e.S3_BUCKET) return null;
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both, or neither for the default credentials',
    );
  }
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT ? e.S3_ENDPOINT.replace(/\/+$/, '') : null,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}

function parseProviders(json: string): OidcProvider[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new ConfigError('Invalid configuration:\n  OIDC_PROVIDERS: not valid JSON');
  }
  const parsed = z.array(providerSchema).safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  OIDC_PROVIDERS.${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

function normaliseDatabaseUrl(url: string): string {
  if (!url.startsWith('file:')) return url;
  const file = url.slice('file:'.length);
  return file === ':memory:' ? url : `file:${resolveFromInvocation(file)}`;
}

/** A config for tests and tools: defaults, quiet logs, no web app unless asked for. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    // Tests score hot posts and build exports by calling the jobs themselves, when they mean to.
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED: 'false',
      HOT_SCORE_INTERVAL_MS: '0',
      ACCOUNT_EXPORT_INTERVAL_MS: '0',
      // Tests share the default upload folder between databases: a sweep would take others' files.
      FILE_SWEEP_INTERVAL_MS: '0',
    }),
    webDist: null,
    ...overrides,
  };
}
