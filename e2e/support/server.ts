import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@pixelhall/server/src/app';
import { prepareDatabase } from '@pixelhall/server/src/boot';
import { type Config, testConfig } from '@pixelhall/server/src/config';

/** The built app; E2E_WEB_DIST points at another build (several people testing at once). */
export const WEB_DIST =
  process.env.E2E_WEB_DIST ??
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

/** A free loopback port, for servers whose address others must know before they start. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real server with the built web app on a fresh, seeded SQLite file, on loopback. */
export async function startServer(overrides: Partial<Config> = {}) {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does).');
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-e2e-'));
  const config = testConfig({
    webDist: WEB_DIST,
    databaseUrl: `file:${path.join(dir, 'e2e.db')}`,
    outboxDir: path.join(dir, 'outbox'),
    uploadDir: path.join(dir, 'uploads'),
    seed: true,
    host: '127.0.0.1',
    port: 0,
    ...overrides,
  });
  const database = await prepareDatabase(config, () => {});
  const { app } = await buildApp({ config, database });
  const address = await app.listen({ host: '127.0.0.1', port: config.port });
  return {
    url: address,
    databaseUrl: config.databaseUrl,
    async stop() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
