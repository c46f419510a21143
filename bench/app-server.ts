/**
 * Pixelhall as `npm start` runs it, on a fresh SQLite file, quiet. Prints `<port> <token>` on
 * stdout: the token is a signed-in demo member's, for the members-only scenarios.
 */
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
const { app, services } = await buildApp({ config, database });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const member = await database.db
  .selectFrom('users')
  .select('id')
  .where('username', '=', 'pixelpat')
  .executeTakeFirstOrThrow();
const { token } = await services.sessions.create(Number(member.id));
console.info(`${typeof address === 'object' && address ? address.port : ''} ${token}`);
