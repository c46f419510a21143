import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { DB } from '../../db/schema';

export const GAME_COLUMNS = [
  'games.id',
  'games.game_uid',
  'games.game_name',
  'games.description',
  'games.icon_image',
  'games.screenshots',
  'games.videos',
  'games.platform',
  'games.emulator_type',
  'games.genre',
  'games.version',
  'games.rom_sha256',
  'games.rom_name',
  'games.size',
  'games.rom_md5',
  'games.rom_md5_headerless',
  'games.upload_time',
  'games.update_time',
  'games.download_count',
  'games.favourite_count',
  'games.play_count',
] as const;

export type GameRow = {
  id: number;
  game_uid: string;
  game_name: string;
  description: string;
  icon_image: string;
  screenshots: string;
  videos: string;
  platform: string;
  emulator_type: string;
  genre: string;
  version: string;
  rom_sha256: string;
  rom_name: string;
  size: number;
  rom_md5: string;
  rom_md5_headerless: string | null;
  upload_time: number;
  update_time: number;
  download_count: number;
  favourite_count: number;
  play_count: number;
};

export interface GameFilter {
  words: string[];
  emulatorType?: string;
  genre?: string;
  platform?: string;
}

export type GameSort = 'new' | 'hot' | 'downloads' | 'name';

/** LIKE patterns match the word literally: `%` and `_` in a keyword are not wildcards. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// biome-ignore lint/suspicious/noExplicitAny: the filter applies to any query over games
function filtered<Q extends SelectQueryBuilder<DB, 'games', any>>(query: Q, filter: GameFilter): Q {
  let q = query;
  for (const word of filter.words)
    q = q.where(sql<boolean>`lower(games.game_name) like ${likePattern(word)} escape '\\'`) as Q;
  if (filter.emulatorType) q = q.where('games.emulator_type', '=', filter.emulatorType) as Q;
  if (filter.genre) q = q.where('games.genre', '=', filter.genre) as Q;
  if (filter.platform) q = q.where('games.platform', '=', filter.platform) as Q;
  return q;
}

export function gamesRepo(db: Kysely<DB>) {
  const games = () => db.selectFrom('games').select(GAME_COLUMNS);

  return {
    async list(filter: GameFilter, sort: GameSort, offset: number, limit: number) {
      let q = filtered(games(), filter);
      if (sort === 'hot') q = q.orderBy('games.play_count', 'desc');
      else if (sort === 'downloads') q = q.orderBy('games.download_count', 'desc');
      else if (sort === 'name') q = q.orderBy('games.game_name', 'asc');
      else q = q.orderBy('games.upload_time', 'desc');
      return (await q.orderBy('games.id', 'desc').offset(offset).limit(limit).execute()) as GameRow[];
    },

    async count(filter: GameFilter): Promise<number> {
      const row = await filtered(
        db.selectFrom('games').select((eb) => eb.fn.countAll<number>().as('n')),
        filter,
      ).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    find: async (id: number) =>
      (await games().where('games.id', '=', id).executeTakeFirst()) as GameRow | undefined,

    /** Games whose whole-file or headerless MD5 is one of these. */
    byMd5: async (md5s: string[]) =>
      md5s.length === 0
        ? []
        : ((await games()
            .where((eb) =>
              eb.or([eb('games.rom_md5', 'in', md5s), eb('games.rom_md5_headerless', 'in', md5s)]),
            )
            .execute()) as GameRow[]),

    byIds: async (ids: number[]) =>
      ids.length === 0 ? [] : ((await games().where('games.id', 'in', ids).execute()) as GameRow[]),

    recommended: async (offset: number, limit: number) =>
      (await games()
        .where('games.recommend_rank', 'is not', null)
        .orderBy('games.recommend_rank', 'asc')
        .orderBy('games.id', 'asc')
        .offset(offset)
        .limit(limit)
        .execute()) as GameRow[],

    countRecommended: async () =>
      Number(
        (
          await db
            .selectFrom('games')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('recommend_rank', 'is not', null)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** Games by plays since `fromDay` (UTC days), then the all-time plays, for week hot. */
    async weekHot(fromDay: number, offset: number, limit: number) {
      const rows = await db
        .selectFrom('game_play_days')
        .select(['game_id', (eb) => eb.fn.sum<number>('count').as('plays')])
        .where('day', '>=', fromDay)
        .groupBy('game_id')
        .orderBy('plays', 'desc')
        .orderBy('game_id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.game_id));
    },

    async countWeekHot(fromDay: number): Promise<number> {
      const row = await db
        .selectFrom('game_play_days')
        .select((eb) => eb.fn.count<number>('game_id').distinct().as('n'))
        .where('day', '>=', fromDay)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    emulators: () =>
      db.selectFrom('emulators').selectAll().orderBy('position').orderBy('emulator_uid').execute(),

    distinct: async (column: 'genre' | 'platform') =>
      (await db.selectFrom('games').select(column).distinct().orderBy(column).execute()).map(
        (r) => r[column] as string,
      ),

    banners: () =>
      db
        .selectFrom('game_banners')
        .select(['id', 'title', 'image', 'game_id', 'link'])
        .where('active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute(),

    topics: (offset: number, limit: number) =>
      db
        .selectFrom('game_topics')
        .select(['id', 'title', 'description', 'cover', 'position'])
        .select((eb) =>
          eb
            .selectFrom('game_topic_games')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('game_topic_games.topic_id', '=', 'game_topics.id')
            .as('game_count'),
        )
        .orderBy('position')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute(),

    countTopics: async () =>
      Number(
        (
          await db
            .selectFrom('game_topics')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    topic: (id: number) =>
      db
        .selectFrom('game_topics')
        .select(['id', 'title', 'description', 'cover'])
        .select((eb) =>
          eb
            .selectFrom('game_topic_games')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('game_topic_games.topic_id', '=', 'game_topics.id')
            .as('game_count'),
        )
        .where('id', '=', id)
        .executeTakeFirst(),

    topicGames: async (topicId: number, offset: number, limit: number) =>
      (await games()
        .innerJoin('game_topic_games', 'game_topic_games.game_id', 'games.id')
        .where('game_topic_games.topic_id', '=', topicId)
        .orderBy('game_topic_games.position')
        .orderBy('games.id')
        .offset(offset)
        .limit(limit)
        .execute()) as GameRow[],

    /** Inserts the favourite; true only when this call created it. */
    async addFavourite(trx: Executor, userId: number, gameId: number, now: number) {
      const row = await trx
        .insertInto('game_favourites')
        .values({ user_id: userId, game_id: gameId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing())
        .returning('game_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async removeFavourite(trx: Executor, userId: number, gameId: number) {
      const result = await trx
        .deleteFrom('game_favourites')
        .where('user_id', '=', userId)
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * The game's favourite count; undefined: no such game. With `lock` (db/dialect.ts
     * `locksRows`), the row stays locked until the transaction ends, as `bumpFavourites` would
     * lock it: one member's toggles take turns.
     */
    async favouriteCount(trx: Executor, gameId: number, lock: boolean): Promise<number | undefined> {
      const row = await trx
        .selectFrom('games')
        .select('favourite_count')
        .where('id', '=', gameId)
        .$if(lock, (q) => q.forNoKeyUpdate())
        .executeTakeFirst();
      return row && Number(row.favourite_count);
    },

    /** Answers the new count. */
    async bumpFavourites(trx: Executor, gameId: number, by: 1 | -1): Promise<number> {
      const row = await trx
        .updateTable('games')
        .set((eb) => ({ favourite_count: eb('favourite_count', '+', by) }))
        .where('id', '=', gameId)
        .returning('favourite_count')
        .executeTakeFirstOrThrow();
      return Number(row.favourite_count);
    },

    isFavourite: async (userId: number, gameId: number, trx: Executor = db) =>
      (await trx
        .selectFrom('game_favourites')
        .select('game_id')
        .where('user_id', '=', userId)
        .where('game_id', '=', gameId)
        .executeTakeFirst()) !== undefined,

    favouriteGames: async (userId: number, offset: number, limit: number) =>
      (await games()
        .innerJoin('game_favourites', 'game_favourites.game_id', 'games.id')
        .select('game_favourites.created_at as collected_at')
        .where('game_favourites.user_id', '=', userId)
        .orderBy('game_favourites.created_at', 'desc')
        .orderBy('games.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute()) as (GameRow & { collected_at: number })[],

    countFavourites: async (userId: number) =>
      Number(
        (
          await db
            .selectFrom('game_favourites')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    favouriteKeys: (userId: number) =>
      db
        .selectFrom('game_favourites')
        .innerJoin('games', 'games.id', 'game_favourites.game_id')
        .select([
          'games.id as game_id',
          'games.game_uid',
          'games.rom_md5',
          'game_favourites.created_at as collected_at',
        ])
        .where('game_favourites.user_id', '=', userId)
        .orderBy('game_favourites.created_at', 'desc')
        .execute(),

    /** One play: the member's history row, the game's counter and the day's count. */
    async recordPlay(trx: Executor, userId: number, gameId: number, day: number, now: number) {
      await trx
        .insertInto('game_plays')
        .values({ user_id: userId, game_id: gameId, times: 1, first_played_at: now, last_played_at: now })
        .onConflict((oc) =>
          oc.columns(['user_id', 'game_id']).doUpdateSet((eb) => ({
            times: eb('game_plays.times', '+', 1),
            last_played_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto('game_play_days')
        .values({ game_id: gameId, day, count: 1 })
        .onConflict((oc) =>
          oc.columns(['game_id', 'day']).doUpdateSet((eb) => ({ count: eb('game_play_days.count', '+', 1) })),
        )
        .execute();
      const row = await trx
        .updateTable('games')
        .set((eb) => ({ play_count: eb('play_count', '+', 1) }))
        .where('id', '=', gameId)
        .returning('play_count')
        .executeTakeFirstOrThrow();
      return Number(row.play_count);
    },

    history: async (userId: number, offset: number, limit: number) =>
      (await games()
        .innerJoin('game_plays', 'game_plays.game_id', 'games.id')
        .select(['game_plays.last_played_at', 'game_plays.times as times_played'])
        .where('game_plays.user_id', '=', userId)
        .orderBy('game_plays.last_played_at', 'desc')
        .orderBy('games.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute()) as (GameRow & { last_played_at: number; times_played: number })[],

    countHistory: async (userId: number) =>
      Number(
        (
          await db
            .selectFrom('game_plays')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** Counts a download once per member, game and day; answers the game's download count. */
    async countDownload(userId: number, gameId: number, day: number, now: number) {
      return db.transaction().execute(async (trx) => {
        const fresh = await trx
          .insertInto('game_downloads')
          .values({ user_id: userId, game_id: gameId, day, created_at: now })
          .onConflict((oc) => oc.columns(['user_id', 'game_id', 'day']).doNothing())
          .returning('game_id')
          .executeTakeFirst();
        const q = fresh
          ? trx
              .updateTable('games')
              .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
              .where('id', '=', gameId)
              .returning('download_count')
          : trx.selectFrom('games').select('download_count').where('id', '=', gameId);
        return Number((await q.executeTakeFirstOrThrow()).download_count);
      });
    },

    async recordSearch(word: string, day: number) {
      await db
        .insertInto('game_searches')
        .values({ word, day, count: 1 })
        .onConflict((oc) =>
          oc.columns(['word', 'day']).doUpdateSet((eb) => ({ count: eb('game_searches.count', '+', 1) })),
        )
        .execute();
    },

    hotWords: async (fromDay: number, limit: number) =>
      (
        await db
          .selectFrom('game_searches')
          .select(['word', (eb) => eb.fn.sum<number>('count').as('count')])
          .where('day', '>=', fromDay)
          .groupBy('word')
          .orderBy('count', 'desc')
          .orderBy('word', 'asc')
          .limit(limit)
          .execute()
      ).map((r) => ({ word: r.word, count: Number(r.count) })),

    /** Games sharing the emulator or genre of one, most played first, itself excluded. */
    similar: async (game: { id: number; emulator_type: string; genre: string }, limit: number) =>
      (await games()
        .where('games.id', '!=', game.id)
        .where((eb) =>
          eb.or([eb('games.emulator_type', '=', game.emulator_type), eb('games.genre', '=', game.genre)]),
        )
        .orderBy(sql`case when games.genre = ${game.genre} then 0 else 1 end`)
        .orderBy('games.play_count', 'desc')
        .orderBy('games.id', 'asc')
        .limit(limit)
        .execute()) as GameRow[],

    mostPlayed: async (offset: number, limit: number) =>
      (await games()
        .orderBy('games.play_count', 'desc')
        .orderBy('games.id', 'asc')
        .offset(offset)
        .limit(limit)
        .execute()) as GameRow[],

    countGames: async () =>
      Number(
        (
          await db
            .selectFrom('games')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),

    async addFeedback(row: {
      userId: number;
      deviceName: string;
      deviceVersion: string;
      problem: string;
      email: string;
      now: number;
    }) {
      const inserted = await db
        .insertInto('feedback')
        .values({
          user_id: row.userId,
          device_name: row.deviceName,
          device_version: row.deviceVersion,
          problem: row.problem,
          email: row.email,
          created_at: row.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(inserted.id);
    },

    async addToken(tokenHash: string, userId: number, sessionId: number, expiresAt: number, now: number) {
      await db
        .insertInto('game_tokens')
        .values({
          token_hash: tokenHash,
          user_id: userId,
          session_id: sessionId,
          expires_at: expiresAt,
          created_at: now,
        })
        .execute();
      // Expired tokens of the member are dropped as new ones are made, so the table stays small.
      await db
        .deleteFrom('game_tokens')
        .where('user_id', '=', userId)
        .where('expires_at', '<', now)
        .execute();
    },

    tokenMember: (tokenHash: string, now: number) =>
      db
        .selectFrom('game_tokens')
        .innerJoin('users', 'users.id', 'game_tokens.user_id')
        .innerJoin('sessions', 'sessions.id', 'game_tokens.session_id')
        .select([
          'game_tokens.user_id',
          'users.username',
          'users.nickname',
          'users.is_tourist',
          'users.role',
          'users.suspended_until',
        ])
        .where('game_tokens.token_hash', '=', tokenHash)
        .where('game_tokens.expires_at', '>', now)
        // Signing out, a password reset or change revoke the session, and with it its tokens.
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now)
        .where('users.status', '=', 'active')
        .executeTakeFirst(),

    romBySha: (sha256: string) =>
      db
        .selectFrom('games')
        .select(['rom_sha256', 'rom_name'])
        .where('rom_sha256', '=', sha256)
        .executeTakeFirst(),
  };
}
export type GamesRepo = ReturnType<typeof gamesRepo>;
