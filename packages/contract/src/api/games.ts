import { z } from 'zod';
import { emailField } from '../validators';
import { idField, integer, listOf, pageQuery, toggleField } from './common';
import { endpoint } from './endpoint';

/** An emulator (docs/product/games-library-and-player.md#catalogue): the app maps ROM files to it by extension. */
export const emulatorSchema = z.object({
  emulator_uid: z.string().describe('Stable key, also the games’ emulator_type (e.g. nes)'),
  emulator_name: z.string(),
  icon_url_text: z.string().describe('Cover for imported ROMs of this emulator'),
  platform: z.string(),
  core_name: z.string().describe('The EmulatorJS core that plays it'),
  extensions: z.array(z.string()).describe('ROM file extensions, lower case, without the dot'),
});

export const gameSchema = z.object({
  id: z.number().int(),
  game_uid: z.string(),
  game_name: z.string(),
  description: z.string(),
  icon_image: z.string().describe('Cover image address'),
  platform: z.string(),
  emulator_type: z.string().describe('The emulator_uid that plays it (shown as "Emulator")'),
  genre: z.string().describe('Shown as "type": action, puzzle …'),
  version: z.string(),
  rom_name: z.string(),
  size: z.number().int().describe('ROM size in bytes'),
  rom_md5: z.string().describe('MD5 of the whole ROM file'),
  rom_md5_headerless: z
    .string()
    .nullable()
    .describe('MD5 without the platform header (NES: the 16-byte iNES header), where one exists'),
  upload_time: z.number().int(),
  update_time: z.number().int(),
  download_count: z.number().int(),
  favourite_count: z.number().int(),
  play_count: z.number().int(),
});
export type Game = z.output<typeof gameSchema>;

export const GAME_SORTS = ['new', 'hot', 'downloads', 'name'] as const;
/** Home sections (docs/product/games-library-and-player.md#game-hub): computed from the catalogue's counters, or curated (recommend). */
export const HOME_SECTIONS = ['recommend', 'new_share', 'week_hot', 'historical'] as const;
export const homeSectionKey = z.enum(HOME_SECTIONS);

const gameId = idField.describe('The game id');

export const gameList = endpoint({
  base: 'game',
  path: 'game/gameList',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'Search and filter the catalogue; a keyword counts toward the hot words',
  payload: pageQuery.extend({
    keyword: z.string().trim().max(50).optional().describe('Every word must appear in the name'),
    emulator_type: z.string().max(40).optional(),
    genre: z.string().max(40).optional(),
    platform: z.string().max(40).optional(),
    sort: z.enum(GAME_SORTS).default('new'),
  }),
  data: listOf(gameSchema),
});

export const gameDetail = endpoint({
  base: 'game',
  path: 'game/detail',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary: 'One game, with whether the caller has it as a favourite',
  payload: z.object({ id: gameId }),
  data: gameSchema.extend({ is_collected: z.boolean() }),
});

/** How many hashes one romMatch call takes: a big import sends several calls. */
export const ROM_MATCH_MAX = 500;

export const romMatch = endpoint({
  base: 'game',
  path: 'game/romMatch',
  auth: 'none',
  summary:
    'Match imported ROM files to catalogue games by MD5: of the whole file, or of the headerless image (NES without its iNES header)',
  payload: z.object({
    md5: z
      .array(
        z
          .string()
          .regex(/^[0-9a-fA-F]{32}$/)
          .transform((v) => v.toLowerCase()),
      )
      .min(1)
      .max(ROM_MATCH_MAX)
      .describe('MD5s (hex) of the imported files'),
  }),
  data: z.object({
    list: z.array(z.object({ md5: z.string(), game: gameSchema })).describe('Only the hashes that matched'),
  }),
});

export const homeSection = endpoint({
  base: 'game',
  path: 'game/homeSection',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'The game home: each section with its first games',
  payload: z.object({ num: integer(z.number().int().min(1).max(20)).default(6) }),
  data: z.array(z.object({ key: homeSectionKey, games: z.array(gameSchema) })),
});

export const homeSectionList = endpoint({
  base: 'game',
  path: 'game/homeSectionList',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'All games of one home section, paged',
  payload: pageQuery.extend({ key: homeSectionKey }),
  data: listOf(gameSchema),
});

export const gameBannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  game_id: z.number().int().nullable(),
  link: z.string().describe('An app route (#/rom/1) or an http(s) address'),
});

export const gameBanners = endpoint({
  base: 'game',
  path: 'banner/lists',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'Game home banners, in order',
  payload: z.object({}),
  data: z.array(gameBannerSchema),
});

export const hotWords = endpoint({
  base: 'game',
  path: 'hot/words',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'The most searched game keywords of the last 7 days',
  payload: z.object({ num: integer(z.number().int().min(1).max(30)).default(10) }),
  data: z.object({ list: z.array(z.object({ word: z.string(), count: z.number().int() })) }),
});

export const gameTopicSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  cover: z.string(),
  game_count: z.number().int(),
});

export const gameTopicList = endpoint({
  base: 'game',
  path: 'topic/topicList',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'Curated game topics, in order',
  payload: pageQuery,
  data: listOf(gameTopicSchema),
});

export const gameTopicGames = endpoint({
  base: 'game',
  path: 'topic/topicGame',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: "A topic's games, in the curator's order",
  payload: pageQuery.extend({ topic_id: idField }),
  data: listOf(gameSchema).extend({ topic: gameTopicSchema }),
});

export const conditionOpt = endpoint({
  base: 'game',
  path: 'home/conditionOpt',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'The filters of the classification screen: emulators, genres, platforms, sorts',
  payload: z.object({}),
  data: z.object({
    emulator_type: z.array(emulatorSchema),
    genre: z.array(z.string()),
    platform: z.array(z.string()),
    sort: z.array(z.enum(GAME_SORTS)),
  }),
});

export const mediaLink = endpoint({
  base: 'game',
  path: 'media/link',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: "A game's media: cover, screenshots and video links",
  payload: z.object({ id: gameId }),
  data: z.object({
    id: z.number().int(),
    icon_image: z.string(),
    screenshots: z.array(z.string()),
    videos: z.array(z.string()),
  }),
});

const collectState = z.object({
  id: z.number().int(),
  is_collected: z.boolean(),
  favourite_count: z.number().int(),
});

export const collectionGame = endpoint({
  base: 'game',
  path: 'collection/game',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: 'Whether a game is one of the member’s favourites',
  payload: z.object({ id: gameId }),
  data: collectState,
});

export const gameCollect = endpoint({
  base: 'game',
  path: 'collection/gameCollect',
  auth: 'required',
  summary: 'Favourite or unfavourite a game; an explicit state makes repeats harmless',
  payload: z.object({ id: gameId, collect: toggleField }),
  data: collectState,
});

export const collectionGameList = endpoint({
  base: 'game',
  path: 'collection/gameList',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: 'The member’s favourite games, newest favourite first, as full game cards',
  payload: pageQuery,
  data: listOf(gameSchema.extend({ collected_at: z.number().int() })),
});

export const collectList = endpoint({
  base: 'game',
  path: 'collection/collectList',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary:
    'All the member’s favourites in one compact answer (ids and MD5s), so the app can mark favourites among downloaded and imported games without paging',
  payload: z.object({}),
  data: z.object({
    list: z.array(
      z.object({
        game_id: z.number().int(),
        game_uid: z.string(),
        rom_md5: z.string(),
        collected_at: z.number().int(),
      }),
    ),
  }),
});

export const gameLibList = endpoint({
  base: 'game',
  path: 'userLog/gameLibList',
  methods: ['POST', 'GET'],
  auth: 'required',
  summary: 'The member’s play history: each game once, last played first',
  payload: pageQuery,
  data: listOf(gameSchema.extend({ last_played_at: z.number().int(), times_played: z.number().int() })),
});

export const useGame = endpoint({
  base: 'game',
  path: 'use/game',
  auth: 'required',
  summary: 'Record that the member started a game (the app sends it without a failure toast)',
  payload: z.object({ id: gameId }),
  data: z.object({ id: z.number().int(), play_count: z.number().int() }),
});

export const downloadGame = endpoint({
  base: 'game',
  path: 'download/game',
  auth: 'optional',
  summary:
    "A game ROM's download address (served with HTTP Range); counted once per member, game and UTC day",
  payload: z.object({ id: gameId }),
  data: z.object({
    id: z.number().int(),
    url: z.string().describe('Address below the server root; GET with Range to resume'),
    rom_name: z.string(),
    size: z.number().int(),
    rom_md5: z.string(),
    rom_md5_headerless: z.string().nullable(),
    download_count: z.number().int(),
  }),
});

/**
 * The product lists `use/game` and `download/game` in the main API's upload group, while the app
 * calls them on the game service: both places answer, with one handler, so a client written
 * from the product's call list works too (docs/product/calls-and-host.md). On `/api` they take a
 * session (expiry code 10001), as the main API does.
 */
export const useGameOnApi = endpoint({ ...useGame, base: 'api' });
export const downloadGameOnApi = endpoint({ ...downloadGame, base: 'api' });

export const FEEDBACK_LIMITS = { deviceName: 100, deviceVersion: 50, problem: 2000 } as const;

const required = (max: number) =>
  z
    .string({ error: 'validation.content_incomplete' })
    .trim()
    .min(1, { error: 'validation.content_incomplete' })
    .max(max, { error: 'validation.content_incomplete' });

export const feedbackSubmit = endpoint({
  base: 'game',
  path: 'feedback/submit',
  auth: 'required',
  summary: 'Send feedback about the app',
  payload: z.object({
    device_name: required(FEEDBACK_LIMITS.deviceName),
    device_version: required(FEEDBACK_LIMITS.deviceVersion),
    problem: required(FEEDBACK_LIMITS.problem),
    email: emailField,
  }),
  data: z.object({ id: z.number().int() }),
});

export const requestToken = endpoint({
  base: 'game',
  path: 'requestToken/token',
  auth: 'required',
  summary:
    'A short-lived (30 min) token naming the member, for the host’s downloader and archive uploads, so they never hold the long-lived session token. The game service and the upload host take it as the bearer token; the main API does not',
  payload: z.object({}),
  data: z.object({ token: z.string(), expires_at: z.number().int() }),
});

export const recommendGames = endpoint({
  base: 'api',
  path: 'recommend/games',
  methods: ['POST', 'GET'],
  auth: 'optional',
  summary:
    'Games to show beside a post or a game. Beside a post they are picked from the text the caller may read (a locked paid post: its teaser); an adult topic’s post needs adult_confirmed, as posts/detail does',
  payload: z.object({
    post_id: idField.optional(),
    game_id: idField.optional(),
    adult_confirmed: toggleField.describe('The reader confirmed being 18+ (a post of an adult topic)'),
    num: integer(z.number().int().min(1).max(20)).default(6),
  }),
  data: z.object({ list: z.array(gameSchema) }),
});

export const otherGames = endpoint({
  base: 'api',
  path: 'other/games',
  methods: ['POST', 'GET'],
  auth: 'none',
  summary: 'More games like the one shown: same emulator or genre, most played first',
  payload: z.object({ id: gameId, num: integer(z.number().int().min(1).max(20)).default(6) }),
  data: z.object({ list: z.array(gameSchema) }),
});

export const gamesEndpoints = {
  gameList,
  gameDetail,
  romMatch,
  homeSection,
  homeSectionList,
  gameBanners,
  hotWords,
  topicList: gameTopicList,
  topicGame: gameTopicGames,
  conditionOpt,
  mediaLink,
  collectionGame,
  gameCollect,
  collectionGameList,
  collectList,
  gameLibList,
  useGame,
  downloadGame,
  useGameOnApi,
  downloadGameOnApi,
  feedbackSubmit,
  requestToken,
  recommendGames,
  otherGames,
} as const;
