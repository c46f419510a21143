import { parseArgs } from 'node:util';
import pino from 'pino';
import { prepareDatabase } from '../boot';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { BroadcastTextError } from '../features/news/service';
import { AppError } from '../http/app-error';
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
  posts:pin <post id>                 pin a post on top of the New feed and its topic's feed
  posts:unpin <post id>               unpin it
  feeds:refresh                       score every post whose engagement changed, now
  banners:add <title> <image> [link]  add a home banner after the others
  popup:set <title> <text> [link]     show this popup from now on, ending the current one
  news:broadcast '<text>'             send a system news item to every active member (not visitors)

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
    const config = loadConfig();
    const database = openDatabase(config.databaseUrl);
    try {
      await migrateToLatest(database);
      const done = await seedDemoWorld(database, { uploadDir: config.uploadDir });
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
  async 'news:broadcast'([text]) {
    if (text === undefined) throw new UsageError('news:broadcast needs the text to send');
    await withServices(async (s) => {
      try {
        console.info(`sent to ${await s.news.broadcast(text)} members`);
      } catch (err) {
        throw err instanceof BroadcastTextError ? new UsageError(err.message) : err;
      }
    });
  },
  async 'posts:pin'([id]) {
    await pinPost(id, true);
  },
  async 'posts:unpin'([id]) {
    await pinPost(id, false);
  },
  async 'feeds:refresh'() {
    await withServices(async (s) => console.info(`scored ${await s.hotScore.runAll()} posts`));
  },
  async 'banners:add'([title, image, link]) {
    if (!title || !image) throw new UsageError('banners:add needs a title and an image address');
    await withServices(async (s) => {
      const id = await s.announcements.addBanner({ title, image, link: link ?? '' });
      console.info(`added banner ${id}`);
    });
  },
  async 'popup:set'([title, text, link]) {
    if (!title || text === undefined) throw new UsageError('popup:set needs a title and a text');
    await withServices(async (s) => {
      const id = await s.announcements.setPopup({ title, text, link: link ?? '' });
      console.info(`popup ${id} is showing`);
    });
  },
};

async function pinPost(id: string | undefined, pinned: boolean) {
  const postId = Number(id);
  if (!Number.isSafeInteger(postId) || postId <= 0) throw new UsageError('give the id of a post');
  await withServices(async (s) => {
    try {
      await s.posts.pin(postId, pinned);
    } catch (err) {
      throw err instanceof AppError ? new Error(`there is no post ${postId}`) : err;
    }
    console.info(`${pinned ? 'pinned' : 'unpinned'} post ${postId}`);
  });
}

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
