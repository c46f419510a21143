import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { buildTestApp, type TestApp } from './helper';

const THEME_SCRIPT = "document.documentElement.dataset.theme = 'dark';";

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'pixelhall-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>Pixelhall</title><script>${THEME_SCRIPT}</script><script type="module" src="/assets/index-abc123.js"></script>`,
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'sw.js'), 'self.skipWaiting()');
  t = await buildTestApp({
    config: {
      webDist: dist,
      oidcProviders: [
        {
          id: 'pixelid',
          name: 'PixelID',
          issuer: 'https://id.example.org/realms/pixel',
          client_id: 'web',
          audiences: [],
          scopes: 'openid',
        },
      ],
      cspExtraOrigins: ['https://files.example.org'],
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The policy on an answer, as a map of directive → sources. */
async function policyOf(url: string): Promise<Map<string, string[]>> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  const header = res.headers['content-security-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('the web app’s Content-Security-Policy', () => {
  it('keeps index.html to its own origin, with nothing inline but its own theme script', async () => {
    const policy = await policyOf('/');
    const themeHash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", themeHash, "'wasm-unsafe-eval'", 'blob:']);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(['http:', 'https:']);
  });

  it('lets the app reach the sign-in providers and the hosts the operator names, and no others', async () => {
    const policy = await policyOf('/');
    expect(policy.get('connect-src')).toEqual([
      "'self'",
      'https://id.example.org',
      'https://files.example.org',
    ]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://files.example.org']);
  });

  it('comes with the service worker and the bundles too', async () => {
    expect((await policyOf('/sw.js')).get('default-src')).toEqual(["'self'"]);
    expect((await policyOf('/assets/index-abc123.js')).get('default-src')).toEqual(["'self'"]);
  });
});

describe('CSP_EXTRA_ORIGINS', () => {
  it('takes the origins of a list of addresses', () => {
    const config = loadConfig({
      CSP_EXTRA_ORIGINS: 'https://upload.example.org/upload, http://127.0.0.1:9000 https://game.example.org',
    });
    expect(config.cspExtraOrigins).toEqual([
      'https://upload.example.org',
      'http://127.0.0.1:9000',
      'https://game.example.org',
    ]);
    expect(loadConfig({}).cspExtraOrigins).toEqual([]);
  });

  it('refuses what is not a web address', () => {
    expect(() => loadConfig({ CSP_EXTRA_ORIGINS: "https://ok.example.org, 'unsafe-inline'" })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ CSP_EXTRA_ORIGINS: 'javascript:alert(1)' })).toThrow(ConfigError);
  });
});
