/**
 * Pixelhall as `npm start` runs it, on a fresh SQLite file, quiet. Prints `<port> <token>` on
 * stdout: the token is a signed-in demo member's, for the members-only scenarios.
 *
 * Two extra routes measure what every call pays before its own work, to read the members-only
 * calls against: `GET /api/bench/hello` answers a tiny envelope through the same server and its
 * hooks, and `POST /api/bench/member` is latest/news's endpoint (the same validation, session
 * lookup and serialiser) answering an empty inbox without reading it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { latestNews } from '@pixelhall/contract';
import { buildApp } from '@pixelhall/server/src/app';
import { prepareDatabase } from '@pixelhall/server/src/boot';
import { loadConfig } from '@pixelhall/server/src/config';
import { LOCAL_ORIGIN } from '@pixelhall/server/src/features/sessions/origin';
import { registerEndpoint } from '@pixelhall/server/src/http/endpoint';

const dir = mkdtempSync(path.join(tmpdir(), 'pixelhall-bench-'));
const config = {
  ...loadConfig({
    ...process.env,
    LOG_LEVEL: 'warn',
    // The load comes from one address, past the per-address connection cap.
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    DATABASE_URL: process.env.DATABASE_URL ?? `file:${dir}/bench.db`,
  }),
};
const database = await prepareDatabase(config, () => {});
const { app, services } = await buildApp({ config, database });
await app.register(
  async (bench) => {
    bench.get('/hello', async () => ({ code: 1, msg: 'OK', data: { hello: 'world' } }));
    registerEndpoint(bench, { ...latestNews, path: 'member', methods: ['POST'] }, async () => ({
      unread: 0,
      latest: null,
    }));
  },
  { prefix: '/api/bench' },
);
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const member = await database.db
  .selectFrom('users')
  .select('id')
  .where('username', '=', 'pixelpat')
  .executeTakeFirstOrThrow();
const { token } = await services.sessions.create(Number(member.id), LOCAL_ORIGIN);
console.info(`${typeof address === 'object' && address ? address.port : ''} ${token}`);
