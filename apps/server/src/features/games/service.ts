import { createHash, randomBytes } from 'node:crypto';
import { expiredCodeFor, GAME_SORTS, type Game, type PageQuery } from '@pixelhall/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { type Engine, locksRows } from '../../db/dialect';
import type { DB } from '../../db/schema';
import { AppError, fail } from '../../http/app-error';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import type { Member } from '../../http/request-context';
import type { ProductText } from '../../product-text';
import { dayOf } from '../../shared/days';
import { recordActivity } from '../activity/public';
import { readableText } from '../posts/public';
import { hotTermOf } from '../search/public';
import type { FileStore } from '../uploads/public';
import type { GameFilter, GameRow, GameSort, GamesRepo } from './repo';

/** Week hot counts the plays of the last 7 UTC days, today included. */
const WEEK_DAYS = 7;
/** A keyword's words past this many hardly narrow the results and cost a LIKE each. */
const WORDS_MAX = 6;
/** requestToken/token lifetime. */
export const GAME_TOKEN_MS = 30 * 60 * 1000;
export type HomeSectionKey = 'recommend' | 'new_share' | 'week_hot' | 'historical';

const parseList = (json: string): string[] => {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

/** The address a ROM is served at: its content hash and its file name (for the saved name). */
export const romUrl = (row: Pick<GameRow, 'rom_sha256' | 'rom_name'>) =>
  `/upload/roms/${row.rom_sha256}/${encodeURIComponent(row.rom_name)}`;

export function presentGame(row: GameRow): Game {
  return {
    id: Number(row.id),
    game_uid: row.game_uid,
    game_name: row.game_name,
    description: row.description,
    icon_image: row.icon_image,
    platform: row.platform,
    emulator_type: row.emulator_type,
    genre: row.genre,
    version: row.version,
    rom_name: row.rom_name,
    size: Number(row.size),
    rom_md5: row.rom_md5,
    rom_md5_headerless: row.rom_md5_headerless,
    upload_time: Number(row.upload_time),
    update_time: Number(row.update_time),
    download_count: Number(row.download_count),
    favourite_count: Number(row.favourite_count),
    play_count: Number(row.play_count),
  };
}

const PAGE_CURSOR = z.object({ page: z.number().int().min(1).max(1_000_000) });

/** Offset pages (the catalogue is small); the cursor names the next page, null on the last. */
function paged<T>(list: T[], total: number, page: PageQuery) {
  const start = pageStart(page);
  const more = start + list.length < total;
  return { list, total, cursor: more ? encodeCursor({ page: start / page.num + 2 }) : null };
}

function pageStart(page: PageQuery): number {
  if (page.cursor) return (decodeCursor(page.cursor, PAGE_CURSOR).page - 1) * page.num;
  return (page.page - 1) * page.num;
}

export function gamesService({
  db,
  engine,
  repo,
  store,
  clock,
}: {
  db: Kysely<DB>;
  engine: Engine;
  repo: GamesRepo;
  store: FileStore;
  clock: () => number;
}) {
  const lockRows = locksRows(engine);

  async function gameOrFail(id: number): Promise<GameRow> {
    const row = await repo.find(id);
    if (!row) throw fail('errors.game_not_found');
    return row;
  }

  async function sectionPage(key: HomeSectionKey, offset: number, limit: number) {
    const today = dayOf(clock());
    switch (key) {
      case 'recommend':
        return { rows: await repo.recommended(offset, limit), total: await repo.countRecommended() };
      case 'new_share':
        return { rows: await repo.list({ words: [] }, 'new', offset, limit), total: await repo.countGames() };
      case 'historical':
        return { rows: await repo.mostPlayed(offset, limit), total: await repo.countGames() };
      case 'week_hot': {
        const from = today - (WEEK_DAYS - 1);
        const ids = await repo.weekHot(from, offset, limit);
        const byId = new Map((await repo.byIds(ids)).map((g) => [Number(g.id), g]));
        const rows = ids.map((id) => byId.get(id)).filter((g): g is GameRow => g !== undefined);
        return { rows, total: await repo.countWeekHot(from) };
      }
    }
  }

  async function collectState(userId: number, gameId: number) {
    const game = await gameOrFail(gameId);
    return {
      id: gameId,
      is_collected: await repo.isFavourite(userId, gameId),
      favourite_count: Number(game.favourite_count),
    };
  }

  return {
    async list(
      query: PageQuery & {
        keyword?: string;
        emulator_type?: string;
        genre?: string;
        platform?: string;
        sort: GameSort;
      },
    ) {
      const keyword = query.keyword ? hotTermOf(query.keyword) : '';
      const filter: GameFilter = {
        words: [...new Set(keyword.split(' ').filter(Boolean))].slice(0, WORDS_MAX),
        emulatorType: query.emulator_type || undefined,
        genre: query.genre || undefined,
        platform: query.platform || undefined,
      };
      // Only a first page counts as a search: paging through results is not searching again.
      if (keyword && !query.cursor && query.page === 1) await repo.recordSearch(keyword, dayOf(clock()));
      const start = pageStart(query);
      const [rows, total] = await Promise.all([
        repo.list(filter, query.sort, start, query.num),
        repo.count(filter),
      ]);
      return paged(rows.map(presentGame), total, query);
    },

    async detail(id: number, userId: number | null) {
      const game = presentGame(await gameOrFail(id));
      return { ...game, is_collected: userId ? await repo.isFavourite(userId, id) : false };
    },

    /** Each given hash that names a catalogue game, by either of its MD5s. */
    async match(md5s: string[]) {
      const unique = [...new Set(md5s)];
      const rows = await repo.byMd5(unique);
      const list = [];
      for (const md5 of unique) {
        const row = rows.find((r) => r.rom_md5 === md5) ?? rows.find((r) => r.rom_md5_headerless === md5);
        if (row) list.push({ md5, game: presentGame(row) });
      }
      return { list };
    },

    async home(num: number) {
      const keys: HomeSectionKey[] = ['recommend', 'new_share', 'week_hot', 'historical'];
      return Promise.all(
        keys.map(async (key) => ({ key, games: (await sectionPage(key, 0, num)).rows.map(presentGame) })),
      );
    },

    async section(key: HomeSectionKey, page: PageQuery) {
      const { rows, total } = await sectionPage(key, pageStart(page), page.num);
      return paged(rows.map(presentGame), total, page);
    },

    async banners() {
      return (await repo.banners()).map((b) => ({
        id: Number(b.id),
        title: b.title,
        image: b.image,
        game_id: b.game_id === null ? null : Number(b.game_id),
        link: b.link || (b.game_id !== null ? `#/rom/${b.game_id}` : ''),
      }));
    },

    hotWords: async (num: number) => ({ list: await repo.hotWords(dayOf(clock()) - (WEEK_DAYS - 1), num) }),

    /** The product writes game topics: `text` gives them in the reader's language. */
    async topics(page: PageQuery, text: ProductText) {
      const [rows, total] = await Promise.all([repo.topics(pageStart(page), page.num), repo.countTopics()]);
      const list = rows.map((t) => ({
        id: Number(t.id),
        title: text(t.title),
        description: text(t.description),
        cover: t.cover,
        game_count: Number(t.game_count ?? 0),
      }));
      return paged(list, total, page);
    },

    async topicGames(topicId: number, page: PageQuery, text: ProductText) {
      const topic = await repo.topic(topicId);
      if (!topic) throw fail('errors.game_topic_not_found');
      const total = Number(topic.game_count ?? 0);
      const rows = await repo.topicGames(topicId, pageStart(page), page.num);
      return {
        ...paged(rows.map(presentGame), total, page),
        topic: {
          id: Number(topic.id),
          title: text(topic.title),
          description: text(topic.description),
          cover: topic.cover,
          game_count: total,
        },
      };
    },

    async conditions() {
      const emulators = await repo.emulators();
      return {
        emulator_type: emulators.map((e) => ({
          emulator_uid: e.emulator_uid,
          emulator_name: e.emulator_name,
          icon_url_text: e.icon_url_text,
          platform: e.platform,
          core_name: e.core_name,
          extensions: e.extensions.split(',').filter(Boolean),
        })),
        genre: await repo.distinct('genre'),
        platform: await repo.distinct('platform'),
        sort: [...GAME_SORTS],
      };
    },

    async media(id: number) {
      const game = await gameOrFail(id);
      return {
        id,
        icon_image: game.icon_image,
        screenshots: parseList(game.screenshots),
        videos: parseList(game.videos),
      };
    },

    isCollected: (userId: number, gameId: number) => collectState(userId, gameId),

    /**
     * Favourite toggle with an explicit state: the counter moves only when the row really
     * changed (the primary key decides), so double taps and retries can't drift it.
     */
    async collect(userId: number, gameId: number, want: boolean | undefined) {
      // Answered from inside the transaction: the state and count this call left, not a later one's.
      return db.transaction().execute(async (trx) => {
        let count = await repo.favouriteCount(trx, gameId, lockRows);
        if (count === undefined) throw fail('errors.game_not_found');
        const target = want ?? !(await repo.isFavourite(userId, gameId, trx));
        if (target) {
          if (await repo.addFavourite(trx, userId, gameId, clock()))
            count = await repo.bumpFavourites(trx, gameId, 1);
        } else if (await repo.removeFavourite(trx, userId, gameId)) {
          count = await repo.bumpFavourites(trx, gameId, -1);
        }
        return { id: gameId, is_collected: target, favourite_count: count };
      });
    },

    async favourites(userId: number, page: PageQuery) {
      const [rows, total] = await Promise.all([
        repo.favouriteGames(userId, pageStart(page), page.num),
        repo.countFavourites(userId),
      ]);
      return paged(
        rows.map((r) => ({ ...presentGame(r), collected_at: Number(r.collected_at) })),
        total,
        page,
      );
    },

    async favouriteKeys(userId: number) {
      const rows = await repo.favouriteKeys(userId);
      return {
        list: rows.map((r) => ({
          game_id: Number(r.game_id),
          game_uid: r.game_uid,
          rom_md5: r.rom_md5,
          collected_at: Number(r.collected_at),
        })),
      };
    },

    async history(userId: number, page: PageQuery) {
      const [rows, total] = await Promise.all([
        repo.history(userId, pageStart(page), page.num),
        repo.countHistory(userId),
      ]);
      return paged(
        rows.map((r) => ({
          ...presentGame(r),
          last_played_at: Number(r.last_played_at),
          times_played: Number(r.times_played),
        })),
        total,
        page,
      );
    },

    /** A play: history, counters and what it earns (tasks, experience) commit together. */
    async play(userId: number, gameId: number) {
      await gameOrFail(gameId);
      const now = clock();
      const playCount = await db.transaction().execute(async (trx) => {
        const count = await repo.recordPlay(trx, userId, gameId, dayOf(now), now);
        await recordActivity(trx, userId, { kind: 'play', gameId }, now);
        return count;
      });
      return { id: gameId, play_count: playCount };
    },

    async download(userId: number | null, gameId: number) {
      const game = await gameOrFail(gameId);
      const now = clock();
      const downloadCount = userId
        ? await repo.countDownload(userId, gameId, dayOf(now), now)
        : Number(game.download_count);
      return {
        id: gameId,
        url: romUrl(game),
        rom_name: game.rom_name,
        size: Number(game.size),
        rom_md5: game.rom_md5,
        rom_md5_headerless: game.rom_md5_headerless,
        download_count: downloadCount,
      };
    },

    /** A catalogue ROM by its served address; null unless the hash is a game's ROM. */
    async findRom(sha256: string) {
      const row = await repo.romBySha(sha256);
      if (!row) return null;
      const size = await store.size(sha256);
      if (size === null) return null;
      return {
        sha256,
        name: row.rom_name,
        size,
        read: (range?: { start: number; end: number }) => store.read(sha256, range),
      };
    },

    async feedback(
      userId: number,
      input: { device_name: string; device_version: string; problem: string; email: string },
    ) {
      const id = await repo.addFeedback({
        userId,
        deviceName: input.device_name,
        deviceVersion: input.device_version,
        problem: input.problem,
        email: input.email.toLowerCase(),
        now: clock(),
      });
      return { id };
    },

    /** Only a session mints one: a game token (`sessionId` 0) minting more would outlive its session. */
    async requestToken(member: Member) {
      if (member.sessionId === 0) throw new AppError('errors.not_logged_in', {}, expiredCodeFor('game'));
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      const expiresAt = now + GAME_TOKEN_MS;
      const tokenHash = createHash('sha256').update(token).digest('hex');
      await repo.addToken(tokenHash, member.id, member.sessionId, expiresAt, now);
      return { token, expires_at: expiresAt };
    },

    /** The member a requestToken/token names, while it and its session last and the account is active. */
    async tokenMember(token: string): Promise<Member | null> {
      const row = await repo.tokenMember(createHash('sha256').update(token).digest('hex'), clock());
      if (!row) return null;
      return {
        id: Number(row.user_id),
        username: row.username,
        nickname: row.nickname,
        sessionId: 0,
        isTourist: row.is_tourist === 1,
        role: row.role,
        suspendedUntil: row.suspended_until === null ? null : Number(row.suspended_until),
      };
    },

    /**
     * Beside a game: ones like it; beside a post: games whose names share a word with the text
     * the viewer may read of it (the gate's), so the games never tell what a locked post hides.
     */
    async recommend(
      viewer: Member | null,
      input: { post_id?: number; game_id?: number; num: number; adult_confirmed?: boolean },
    ) {
      if (input.game_id) {
        const game = await gameOrFail(input.game_id);
        return { list: (await repo.similar({ ...game, id: Number(game.id) }, input.num)).map(presentGame) };
      }
      if (input.post_id) {
        const text = await readableText(db, viewer?.id ?? null, input.post_id, input.adult_confirmed);
        const words = [...new Set(hotTermOf(text).split(/[^\p{L}\p{N}]+/u))].filter((w) => w.length >= 4);
        // Games named by the post's words first (most played of each), then the most played.
        const picked = new Map<number, GameRow>();
        const take = (rows: GameRow[]) => {
          for (const row of rows) if (picked.size < input.num) picked.set(Number(row.id), row);
        };
        for (const word of words.slice(0, 20)) {
          if (picked.size >= input.num) break;
          take(await repo.list({ words: [word] }, 'hot', 0, input.num));
        }
        if (picked.size < input.num) take(await repo.mostPlayed(0, input.num * 2));
        return { list: [...picked.values()].map(presentGame) };
      }
      return { list: (await repo.recommended(0, input.num)).map(presentGame) };
    },

    async similar(id: number, num: number) {
      const game = await gameOrFail(id);
      return { list: (await repo.similar({ ...game, id: Number(game.id) }, num)).map(presentGame) };
    },
  };
}
export type GamesService = ReturnType<typeof gamesService>;
