import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { OIDC_CLIENT_ID, startOidcProvider } from '../support/oidc';
import { freePort, startServer } from '../support/server';
import { startSmtp } from '../support/smtp';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
    mailDir: string;
    oidcIssuer: string;
  }
}

/**
 * One real server for the whole browser suite, with real SMTP and a real OpenID provider on
 * loopback; each test file opens its own browser.
 */
export default async function setup(project: TestProject) {
  const mailDir = mkdtempSync(path.join(tmpdir(), 'pixelhall-mail-'));
  const smtp = await startSmtp(mailDir);
  const appPort = await freePort();
  const oidc = await startOidcProvider(await freePort(), `http://127.0.0.1:${appPort}`);
  const server = await startServer({
    port: appPort,
    smtpUrl: smtp.url,
    publicUrl: `http://127.0.0.1:${appPort}`,
    // A deletion whose date a journey moves into the past is erased within a second, by the job itself.
    accountErasureIntervalMs: 1000,
    // An export a journey asks for is built within a second or two, by the scheduled job itself.
    accountExportIntervalMs: 1000,
    oidcProviders: [
      {
        id: 'pixelid',
        name: 'PixelID',
        issuer: oidc.issuer,
        client_id: OIDC_CLIENT_ID,
        audiences: [],
        scopes: 'openid email profile',
      },
    ],
  });
  project.provide('baseUrl', server.url);
  project.provide('databaseUrl', server.databaseUrl);
  project.provide('mailDir', mailDir);
  project.provide('oidcIssuer', oidc.issuer);
  return async () => {
    await server.stop();
    await oidc.stop();
    await smtp.stop();
    rmSync(mailDir, { recursive: true, force: true });
  };
}
