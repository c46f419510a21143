/**
 * Pixelhall on the feeds benchmark's database (BENCH_DATABASE_URL: a SQLite copy the run may write
 * to, or the PostgreSQL database the world was copied into), quiet, with
 * one extra route: GET /api/hello answers a tiny envelope through the same server, hooks and all,
 * as the floor to compare feeds with. Prints `<port> <token>` (the token signs in as the viewer).
 */
import { buildApp } from '@pixelhall/server/src/app';
import { prepareDatabase } from '@pixelhall/server/src/boot';
import { loadConfig } from '@pixelhall/server/src/config';
import { LOCAL_ORIGIN } from '@pixelhall/server/src/features/sessions/origin';
import { VIEWER } from './feeds-data';

const url = process.env.BENCH_DATABASE_URL;
const uploadDir = process.env.BENCH_UPLOAD_DIR;
if (!url || !uploadDir) throw new Error('BENCH_DATABASE_URL and BENCH_UPLOAD_DIR must be set');
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  // The load comes from one address, past the per-address connection cap.
  MAX_CONNECTIONS_PER_ADDRESS: '0',
  DATABASE_URL: url,
  SEED: 'false',
  UPLOAD_DIR: uploadDir,
});
const database = await prepareDatabase(config, () => {});
const { app, services } = await buildApp({ config, database });
app.get('/api/hello', async () => ({ code: 1, msg: 'OK', data: { hello: 'world' } }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const viewer = await database.db
  .selectFrom('users')
  .select('id')
  .where('username', '=', VIEWER)
  .executeTakeFirstOrThrow();
const { token } = await services.sessions.create(Number(viewer.id), LOCAL_ORIGIN);
console.info(`${typeof address === 'object' && address ? address.port : ''} ${token}`);
