import { endpoints } from '@pixelhall/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { registerEndpoint } from '../../http/endpoint';
import { productText } from '../../product-text';
import { attachmentDisposition, sendStoredFile } from '../uploads/public';
import type { GamesService } from './service';

const g = endpoints.games;

/** Feedback per member: enough for a real report and its follow-ups, not for a flood. */
const FEEDBACK_LIMIT = { max: 5, timeWindow: '1 hour' };
/** Catalogue searches per member or address: a person types far fewer; a script farming hot words is cut off. */
export const GAME_SEARCHES_PER_MINUTE = 120;
/** Starting games per member: far more than anyone plays, too few to farm play tasks by script. */
const PLAY_LIMIT = { max: 30, timeWindow: '1 minute' };

/** The game service (`/game-api`). */
export function gamesRoutes(game: FastifyInstance, games: GamesService): void {
  registerEndpoint(game, g.gameList, ({ payload }) => games.list(payload), {
    rateLimit: { max: GAME_SEARCHES_PER_MINUTE, timeWindow: '1 minute' },
  });
  registerEndpoint(game, g.gameDetail, ({ payload, member }) => games.detail(payload.id, member?.id ?? null));
  registerEndpoint(game, g.romMatch, ({ payload }) => games.match(payload.md5));
  registerEndpoint(game, g.homeSection, ({ payload }) => games.home(payload.num));
  registerEndpoint(game, g.homeSectionList, ({ payload }) => games.section(payload.key, payload));
  registerEndpoint(game, g.gameBanners, () => games.banners());
  registerEndpoint(game, g.hotWords, ({ payload }) => games.hotWords(payload.num));
  registerEndpoint(game, g.topicList, ({ payload, request }) =>
    games.topics(payload, productText(request.locale)),
  );
  registerEndpoint(game, g.topicGame, ({ payload, request }) =>
    games.topicGames(payload.topic_id, payload, productText(request.locale)),
  );
  registerEndpoint(game, g.conditionOpt, () => games.conditions());
  registerEndpoint(game, g.mediaLink, ({ payload }) => games.media(payload.id));
  registerEndpoint(game, g.collectionGame, ({ payload, member }) => games.isCollected(member.id, payload.id));
  registerEndpoint(game, g.gameCollect, ({ payload, member }) =>
    games.collect(member.id, payload.id, payload.collect),
  );
  registerEndpoint(game, g.collectionGameList, ({ payload, member }) => games.favourites(member.id, payload));
  registerEndpoint(game, g.collectList, ({ member }) => games.favouriteKeys(member.id));
  registerEndpoint(game, g.gameLibList, ({ payload, member }) => games.history(member.id, payload));
  playAndDownloadRoutes(game, games, g.useGame, g.downloadGame);
  registerEndpoint(game, g.feedbackSubmit, ({ payload, member }) => games.feedback(member.id, payload), {
    rateLimit: FEEDBACK_LIMIT,
  });
  registerEndpoint(game, g.requestToken, ({ member }) => games.requestToken(member));
}

/** The main API's game calls (`/api`). */
export function mainApiGameRoutes(api: FastifyInstance, games: GamesService): void {
  registerEndpoint(api, g.recommendGames, ({ payload, member }) => games.recommend(member, payload));
  registerEndpoint(api, g.otherGames, ({ payload }) => games.similar(payload.id, payload.num));
  playAndDownloadRoutes(api, games, g.useGameOnApi, g.downloadGameOnApi);
}

/**
 * `use/game` and `download/game`, served on both bases with one handler. The play limit counts
 * per base (the limiter keeps one store per route): twice a number no one reaches by hand.
 */
function playAndDownloadRoutes(
  app: FastifyInstance,
  games: GamesService,
  use: typeof g.useGame | typeof g.useGameOnApi,
  download: typeof g.downloadGame | typeof g.downloadGameOnApi,
): void {
  registerEndpoint(app, use, ({ payload, member }) => games.play(member.id, payload.id), {
    rateLimit: PLAY_LIMIT,
  });
  registerEndpoint(app, download, ({ payload, member }) => games.download(member?.id ?? null, payload.id));
}

const SHA256 = /^[0-9a-f]{64}$/;
const notFound = () => new AppError('errors.not_found', {}, 0, 404);

/**
 * `/upload/roms/<sha256>/<name>`: a catalogue ROM, served from the upload store with HTTP
 * Range (and If-Range on its hash), so a paused download resumes where it stopped. Counting is
 * `download/game`'s job (once per member, game and day), not this route's.
 */
export function romFileRoutes(upload: FastifyInstance, games: GamesService): void {
  upload.route({
    method: ['GET', 'HEAD'],
    url: '/roms/:sha256/:name',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const { sha256 } = request.params as { sha256: string };
      if (!SHA256.test(sha256)) throw notFound();
      const rom = await games.findRom(sha256);
      if (!rom) throw notFound();
      return sendStoredFile(
        request,
        reply,
        { ...rom, mime: 'application/octet-stream' },
        {
          disposition: attachmentDisposition(rom.name),
          // The address is the content's hash: the bytes under it never change.
          cacheControl: 'public, max-age=31536000, immutable',
        },
      );
    },
  });
}
