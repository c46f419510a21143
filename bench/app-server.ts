/** Pixelhall as `npm start` runs it, on a fresh SQLite file, quiet; prints its port on stdout. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@pixelhall/server/src/app';
import { prepareDatabase } from '@pixelhall/server/src/boot';
import { loadConfig } from '@pixelhall/server/src/config';

const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-bench-'));
const config = {
  ...loadConfig({
    ...process.env,
    LOG_LEVEL: 'warn',
    DATABASE_URL: process.env.DATABASE_URL ?? `file:${dir}/bench.db`,
  }),
};
const database = await prepareDatabase(config, () => {});
const { app } = await buildApp({ config, database });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.info(typeof address === 'object' && address ? address.port : '');
