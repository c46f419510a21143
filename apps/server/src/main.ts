import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { buildApp } from './app';
import { prepareDatabase } from './boot';
import { ConfigError, loadConfig } from './config';
import { engineOf } from './db/database';
import { type Engines, openEngines } from './engines';
import { assertEnginesReachable, EngineUnreachableError } from './health';

async function main(): Promise<void> {
  const config = loadConfig();
  // The app's own logger comes with the app; the engines connect before it and log the same way.
  const engines = openEngines(config, pino({ level: config.logLevel }));
  console.info(`[pixelhall] engines: ${describeEngines(engineOf(config.databaseUrl), engines)}`);
  // Before the database is prepared: seeding writes its files into storage.
  await assertEnginesReachable(engines);
  const database = await prepareDatabase(config, (msg) => console.info(`[pixelhall] ${msg}`), engines);
  const { app } = await buildApp({ config, database, engines });

  // In-flight requests finish, then the database closes (the app's onClose hook).
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  const address = await app.listen({ host: config.host, port: config.port });
  if (!config.webDist) app.log.warn('no built web app found: run `npm run build` to serve it at /');
  app.log.info(`Pixelhall on ${address.replace('0.0.0.0', 'localhost')} (${database.engine})`);
}

/** One line for the operator: what this server stores its data in and shares with the others. */
function describeEngines(database: string, engines: Engines): string {
  const { redis, storage } = engines.describe();
  return [
    `database ${database}`,
    `redis ${redis ?? 'none (this process only)'}`,
    `storage ${engines.storage ? storage : `local folder ${storage}`}`,
  ].join(', ');
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof EngineUnreachableError ? err.message : err);
  process.exit(1);
});
