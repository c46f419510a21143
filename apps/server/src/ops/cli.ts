import { parseArgs } from 'node:util';
import pino from 'pino';
import { prepareDatabase } from '../boot';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedDemoWorld } from '../seed';
import { createServices } from '../services';

const HELP = `Pixelhall operator commands (npm run ops -- <command>)

  db:migrate                          bring the database schema up to date
  db:seed                             add the demo world's data that this database lacks
  options:get <name>                  print a server option
  options:set <name> '<json>'         set a server option, e.g.
                                      options:set mining_config '{"mining_button":true,"mining_url":"https://…"}'
  version:publish <version> [--notes "…"] [--force] [--url <download url>]
                                      publish an app release for main/checkVersion

The database is DATABASE_URL (default file:./data/pixelhall.db).`;

type Command = (args: string[], flags: Record<string, string | boolean | undefined>) => Promise<void>;

const COMMANDS: Record<string, Command> = {
  async 'db:migrate'() {
    const database = openDatabase(loadConfig().databaseUrl);
    try {
      const done = await migrateToLatest(database);
      console.info(done.length ? `applied: ${done.join(', ')}` : 'the schema is up to date');
    } finally {
      await database.close();
    }
  },
  async 'db:seed'() {
    const database = openDatabase(loadConfig().databaseUrl);
    try {
      await migrateToLatest(database);
      const done = await seedDemoWorld(database);
      console.info(done.length ? `seeded: ${done.join(', ')}` : 'nothing to seed');
    } finally {
      await database.close();
    }
  },
  async 'options:get'([name]) {
    if (!name) throw new UsageError('options:get needs an option name');
    await withServices(async (s) => console.info(JSON.stringify(await s.options.get(name), null, 2)));
  },
  async 'options:set'([name, json]) {
    if (!name || json === undefined) throw new UsageError('options:set needs a name and a JSON value');
    let value: unknown;
    try {
      value = JSON.parse(json);
    } catch {
      throw new UsageError(`the value of ${name} is not valid JSON: ${json}`);
    }
    await withServices(async (s) =>
      console.info(`${name} = ${JSON.stringify(await s.options.set(name, value))}`),
    );
  },
  async 'version:publish'([version], flags) {
    if (!version || !/^\d+(\.\d+)*$/.test(version))
      throw new UsageError('version:publish needs a version like 1.9.0');
    await withServices(async (s) => {
      await s.appVersions.publish({
        version,
        notes: typeof flags.notes === 'string' ? flags.notes : '',
        force: flags.force === true,
        downloadUrl: typeof flags.url === 'string' ? flags.url : null,
      });
      console.info(`published ${version}`);
    });
  },
};

class UsageError extends Error {}

async function withServices(fn: (s: ReturnType<typeof createServices>) => Promise<void>) {
  const config = { ...loadConfig(), seed: false };
  const database = await prepareDatabase(config, console.info);
  try {
    await fn(createServices(database, config, Date.now, pino({ level: 'warn' })));
  } finally {
    await database.close();
  }
}

async function run(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      notes: { type: 'string' },
      url: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [name, ...args] = positionals;
  const command = name ? COMMANDS[name] : undefined;
  if (!command || values.help) {
    console.info(HELP);
    if (name && !command && !values.help) process.exitCode = 2;
    return;
  }
  await command(args, values);
}

run().catch((err: unknown) => {
  if (err instanceof UsageError || err instanceof ConfigError) console.error(`${err.message}\n\n${HELP}`);
  else console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
