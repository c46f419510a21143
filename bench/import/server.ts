import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@pixelhall/server/src/app';
import { prepareDatabase } from '@pixelhall/server/src/boot';
import { testConfig } from '@pixelhall/server/src/config';

/**
 * The real server with a built web app, on a fresh seeded SQLite file (the emulators and the
 * catalogue the import matches against), on loopback, quiet.
 */
export async function startAppServer(webDist: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-bench-app-'));
  const config = testConfig({
    webDist,
    databaseUrl: `file:${path.join(dir, 'bench.db')}`,
    outboxDir: path.join(dir, 'outbox'),
    uploadDir: path.join(dir, 'uploads'),
    seed: true,
    host: '127.0.0.1',
    port: 0,
  });
  const database = await prepareDatabase(config, () => {});
  const { app } = await buildApp({ config, database });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    async stop() {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
