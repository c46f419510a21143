import path from 'node:path';
import { parseArgs } from 'node:util';
import { requestIdField } from '@pixelhall/contract';
import pino from 'pino';
import { prepareDatabase } from '../boot';
import { ConfigError, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { openEngines } from '../engines';
import { describeEvent, parseSide, parseWhen } from '../features/bets/operator-input';
import { claimsAfterwards, storedFileClaims } from '../features/file-lifetime/public';
import { importFolder } from '../features/games/catalogue';
import { BroadcastTextError } from '../features/news/service';
import { fileStoreFor } from '../features/uploads/storage';
import { WalletOperatorError } from '../features/wallet/service';
import { AppError } from '../http/app-error';
import { seedDemoWorld } from '../seed';
import { ensureEmulators } from '../seed/games';
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
  wallet:grant <username> <gold|diamonds> <amount> ['<note>'] [--request-id <id>]
                                      credit a member through the ledger (reason grant); the
                                      same --request-id again credits once
  wallet:balance <username>           a member's gold and diamonds, checked against the ledger
  bets:create --title "…" --option "Red Team:1.85" --option "Blue Team:2.10" --close <when> --start <when>
              [--description "…"]     a bet event with 2 to 4 sides; <when> is +2h, +90m, +1d
                                      or an ISO time such as 2026-12-01T18:00Z (UTC when no zone)
  bets:list                           the newest bet events with their sides' ids and odds
  bets:settle <event id> <side id or name>
                                      pay the bets on the winning side, less the 10% charge
  bets:reverse <event id>             undo the last settlement (refused if a winner spent the prize)
  bets:cancel <event id>              refund every stake and cancel the event
  games:add <folder> [--genre <genre>]
                                      add every ROM file under the folder to the game catalogue,
                                      by extension to its emulator, with its MD5s (whole and
                                      headerless); files already there are skipped
  files:sweep [--grace=<duration>] [--census]
                                      delete the stored files nothing refers to any more whose
                                      last put is older than the grace (default FILE_SWEEP_GRACE_MS,
                                      24h): --grace=0, 90s, 30m, 24h, 7d or milliseconds; --census
                                      first lists the whole store to adopt files the database
                                      does not know (docs/internals/file-lifetime.md)

  roles:grant <username> moderator|admin [--topics 1,2]
                                      make a member a moderator (of every topic, or of the
                                      topics given) or an administrator; logged as done by the
                                      operators. Granting again replaces the role and topics
  roles:revoke <username>             make a moderator or an administrator a member again

The database is DATABASE_URL (default file:./data/pixelhall.db).`;

type Command = (
  args: string[],
  flags: Record<string, string | boolean | string[] | undefined>,
) => Promise<void>;

const COMMANDS: Record<string, Command> = {
  async 'games:add'([folder], flags) {
    if (!folder) throw new UsageError('games:add needs a folder of ROM files');
    const config = loadConfig();
    const database = openDatabase(config.databaseUrl);
    const engines = openEngines(config);
    try {
      await migrateToLatest(database);
      const genre = typeof flags.genre === 'string' ? flags.genre : undefined;
      const store = fileStoreFor(config, engines, claimsOf(database));
      // A database started without the demo seed still knows the standard emulators.
      await ensureEmulators(database.db, store, Date.now());
      const done = await importFolder(database.db, store, path.resolve(folder), { genre, now: Date.now() });
      for (const { file, id } of done.added) console.info(`added #${id}  ${file}`);
      for (const { file, id } of done.known) console.info(`already #${id}  ${file}`);
      console.info(
        `${done.added.length} added, ${done.known.length} already there, ${done.ignored.length} not ROM files`,
      );
    } finally {
      await database.close();
      await engines.close();
    }
  },
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
    const engines = openEngines(config);
    try {
      await migrateToLatest(database);
      // The seed puts its files inside its transactions: claimed once they have committed.
      const claims = claimsAfterwards(claimsOf(database));
      const done = await seedDemoWorld(database, { files: fileStoreFor(config, engines, claims) });
      await claims.flush();
      console.info(done.length ? `seeded: ${done.join(', ')}` : 'nothing to seed');
    } finally {
      await database.close();
      await engines.close();
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
  async 'wallet:grant'([username, currency, amount, note], flags) {
    if (!username || (currency !== 'gold' && currency !== 'diamonds'))
      throw new UsageError('wallet:grant needs a user name, gold or diamonds, and an amount');
    const value = Number(amount);
    if (!amount || !/^\d+$/.test(amount) || !Number.isSafeInteger(value) || value <= 0 || value > GRANT_MAX)
      throw new UsageError(`the amount must be a whole number from 1 to ${GRANT_MAX}`);
    const requestId = typeof flags['request-id'] === 'string' ? flags['request-id'] : undefined;
    if (requestId !== undefined && !requestIdField.safeParse(requestId).success)
      throw new UsageError('--request-id is 8 to 64 letters, digits, dashes or underscores');
    await withWallet(async (s) => {
      const done = await s.wallet.grant({ username, currency, amount: value, note, requestId });
      console.info(
        `${done.applied ? 'granted' : 'already granted (nothing changed):'} ${value} ${currency} to ${done.username} (${done.key}); balance ${done.balances.gold} gold, ${done.balances.diamonds} diamonds`,
      );
    });
  },
  async 'wallet:balance'([username]) {
    if (!username) throw new UsageError('wallet:balance needs a user name');
    await withWallet(async (s) => {
      const { username: name, balances, ledger } = await s.wallet.balance(username);
      const agrees = balances.gold === ledger.gold && balances.diamonds === ledger.diamonds;
      console.info(`${name}: ${balances.gold} gold, ${balances.diamonds} diamonds`);
      console.info(
        agrees
          ? 'the ledger agrees'
          : `THE LEDGER DISAGREES: its rows add up to ${ledger.gold} gold, ${ledger.diamonds} diamonds`,
      );
      if (!agrees) process.exitCode = 1;
    });
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
  async 'bets:create'(_args, flags) {
    const text = (name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
    const title = text('title');
    const close = text('close');
    const start = text('start');
    const sides = Array.isArray(flags.option) ? flags.option : [];
    if (!title || !close || !start || sides.length === 0)
      throw new UsageError(
        'bets:create needs --title, two to four --option "Name:odds", --close and --start',
      );
    await withServices(async (s) => {
      const now = Date.now();
      const event = await s.bets.createEvent({
        title,
        description: text('description'),
        options: sides.map(parseSide),
        closeAt: parseWhen(close, now, '--close'),
        startAt: parseWhen(start, now, '--start'),
      });
      console.info(`created ${describeEvent(event)}`);
    });
  },
  async 'bets:list'() {
    await withServices(async (s) => {
      const events = await s.bets.recentEvents();
      console.info(events.length ? events.map(describeEvent).join('\n\n') : 'there are no bet events yet');
    });
  },
  async 'bets:settle'([id, side]) {
    const eventId = eventIdOf(id);
    if (!side) throw new UsageError('bets:settle needs the event id and the winning side (its id or name)');
    await withServices(async (s) => {
      const done = await s.bets.settle(eventId, side);
      console.info(
        done.applied
          ? `settled event ${eventId}: "${done.winner}" won; ${done.winners} winning bets paid ${done.paid} gold after ${done.charges} gold of service charges, ${done.losers} bets lost (${done.operationKey})`
          : `event ${eventId} was already settled with "${done.winner}" as the winner; nothing changed`,
      );
    });
  },
  async 'bets:reverse'([id]) {
    const eventId = eventIdOf(id);
    await withServices(async (s) => {
      const done = await s.bets.reverse(eventId);
      console.info(
        `reversed the settlement of event ${eventId}: took back ${done.takenBack} gold, ${done.bets} bets are waiting again for a result (${done.operationKey})`,
      );
    });
  },
  async 'bets:cancel'([id]) {
    const eventId = eventIdOf(id);
    await withServices(async (s) => {
      const done = await s.bets.cancel(eventId);
      console.info(
        done.applied
          ? `cancelled event ${eventId}: refunded ${done.refunded} bets, ${done.gold} gold`
          : `event ${eventId} was already cancelled; nothing changed`,
      );
    });
  },
  async 'files:sweep'(_args, flags) {
    const graceMs = typeof flags.grace === 'string' ? durationMs(flags.grace, '--grace') : undefined;
    await withServices(async (s) => {
      const done = await s.fileSweep.run({ graceMs, census: flags.census === true ? 'now' : 'due' });
      if (done.census) {
        console.info(
          `census: listed ${done.census.listed} stored files, ${done.census.added} were new to the database${done.census.finished ? '' : ' (it goes on at the next sweep)'}`,
        );
      }
      console.info(
        `deleted ${done.deleted} files (${done.deletedBytes} bytes); kept ${done.kept} that something named or put again meanwhile`,
      );
      if (done.failed > 0) {
        console.info(`the store refused to delete ${done.failed} files; the next sweep tries them again`);
        process.exitCode = 1;
      }
    });
  },
  async 'roles:grant'([username, role], flags) {
    if (!username || (role !== 'moderator' && role !== 'admin'))
      throw new UsageError('roles:grant needs a user name and moderator or admin');
    const given = typeof flags.topics === 'string' ? flags.topics.split(',').map((s) => s.trim()) : [];
    const topics = given.map(Number);
    if (given.some((s) => !/^\d+$/.test(s)) || topics.some((n) => !Number.isSafeInteger(n) || n <= 0))
      throw new UsageError('--topics is a comma-separated list of topic ids, e.g. --topics 3,7');
    await withServices(async (s) => {
      const done = await s.staff.grantByOperator(username, role, topics);
      console.info(
        `${done.username} is now ${done.role === 'admin' ? 'an administrator' : 'a moderator'}${done.topics.length ? ` of ${done.topics.join(', ')}` : done.role === 'moderator' ? ' of every topic' : ''}`,
      );
    });
  },
  async 'roles:revoke'([username]) {
    if (!username) throw new UsageError('roles:revoke needs a user name');
    await withServices(async (s) => {
      const done = await s.staff.revokeByOperator(username);
      console.info(`${done.username} is a member again (was ${done.was})`);
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

const DURATION_UNITS_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `0`, `90s`, `30m`, `24h`, `7d`, or a number of milliseconds. */
function durationMs(text: string, flag: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(text.trim());
  const ms = match ? Number(match[1]) * DURATION_UNITS_MS[match[2] ?? 'ms']! : Number.NaN;
  if (!Number.isSafeInteger(ms))
    throw new UsageError(`${flag} takes a duration such as 0, 90s, 30m, 24h or 7d`);
  return ms;
}

/** What every put of a command makes first, as a server's puts do (features/file-lifetime). */
function claimsOf(database: Database) {
  return storedFileClaims({ db: database.db, engine: database.engine, clock: Date.now });
}

/** The most one grant may credit: a typo of a few zeros should not mint a fortune. */
const GRANT_MAX = 1_000_000_000;

/** Wallet commands with an unknown member as a plain message (exit code 1), not a stack trace. */
async function withWallet(fn: (s: ReturnType<typeof createServices>) => Promise<void>) {
  try {
    await withServices(fn);
  } catch (err) {
    throw err instanceof WalletOperatorError ? new Error(err.message) : err;
  }
}

function eventIdOf(id: string | undefined): number {
  const eventId = Number(id);
  if (!id || !Number.isSafeInteger(eventId) || eventId <= 0)
    throw new UsageError('give the id of a bet event');
  return eventId;
}

async function withServices(fn: (s: ReturnType<typeof createServices>) => Promise<void>) {
  const config = { ...loadConfig(), seed: false };
  const engines = openEngines(config);
  const database = await prepareDatabase(config, console.info, engines).catch(async (err: unknown) => {
    await engines.close();
    throw err;
  });
  try {
    await fn(createServices({ database, engines, config, clock: Date.now, log: pino({ level: 'warn' }) }));
  } finally {
    await database.close();
    await engines.close();
  }
}

async function run(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      notes: { type: 'string' },
      url: { type: 'string' },
      force: { type: 'boolean' },
      title: { type: 'string' },
      description: { type: 'string' },
      option: { type: 'string', multiple: true },
      close: { type: 'string' },
      start: { type: 'string' },
      'request-id': { type: 'string' },
      genre: { type: 'string' },
      grace: { type: 'string' },
      census: { type: 'boolean' },
      topics: { type: 'string' },
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
