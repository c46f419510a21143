import type { Game, PayloadOf } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { request } from '../client';
import { queryClient } from '../query-client';
import { FIRST_PAGE, nextPageParam, type PageParam } from './list-pages';
import { pageFields, usePagedQuery } from './paged-query';

/**
 * The game service's reads and writes (docs/product/games-library-and-player.md). Screens share these so a
 * favourite toggled on /rom shows at once on /me/favorite and the game cards.
 */
export const gameKeys = {
  all: ['games'] as const,
  detail: (id: number) => ['games', 'detail', id] as const,
  list: (filters: GameListFilters) => ['games', 'list', filters] as const,
  homeSections: ['games', 'home-sections'] as const,
  homeSection: (key: string) => ['games', 'home-section', key] as const,
  banners: ['games', 'banners'] as const,
  hotWords: ['games', 'hot-words'] as const,
  topics: ['games', 'topics'] as const,
  topicGames: (topicId: number) => ['games', 'topic', topicId] as const,
  conditions: ['games', 'conditions'] as const,
  media: (id: number) => ['games', 'media', id] as const,
  recommend: (by: { post_id?: number; game_id?: number }) => ['games', 'recommend', by] as const,
  similar: (id: number) => ['games', 'similar', id] as const,
  /** The caller's: cleared on sign-out with the rest of the cache. */
  favourites: ['games', 'favourites'] as const,
  favourite: (id: number) => ['games', 'favourite', id] as const,
  collectList: ['games', 'collect-list'] as const,
  library: ['games', 'library'] as const,
};

export type GameListFilters = Omit<PayloadOf<typeof routes.games.gameList>, 'page' | 'num' | 'cursor'>;

const quiet = { successToast: false, failToast: false } as const;

export function useGameDetail(id: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    // The answer carries is_collected, which depends on who asks.
    queryKey: [...gameKeys.detail(id), Boolean(token)],
    queryFn: ({ signal }) => request(routes.games.gameDetail, { id }, { ...quiet, signal }),
    enabled: id > 0,
  });
}

/** Search and filter the catalogue, paged; a keyword counts toward the hot words. */
export function useGameList(filters: GameListFilters, enabled = true) {
  return usePagedQuery<Game>({
    queryKey: gameKeys.list(filters),
    fetchPage: (param, signal) =>
      request(routes.games.gameList, { ...filters, ...pageFields(param) }, { ...quiet, signal }),
    enabled,
  });
}

export function useHomeSections(num = 6) {
  return useQuery({
    queryKey: [...gameKeys.homeSections, num],
    queryFn: ({ signal }) => request(routes.games.homeSection, { num }, { ...quiet, signal }),
  });
}

export function useHomeSectionGames(key: PayloadOf<typeof routes.games.homeSectionList>['key']) {
  return usePagedQuery<Game>({
    queryKey: gameKeys.homeSection(key),
    fetchPage: (param, signal) =>
      request(routes.games.homeSectionList, { key, ...pageFields(param) }, { ...quiet, signal }),
  });
}

export function useGameBanners() {
  return useQuery({
    queryKey: gameKeys.banners,
    queryFn: ({ signal }) => request(routes.games.gameBanners, {}, { ...quiet, signal }),
  });
}

export function useGameHotWords(num = 10) {
  return useQuery({
    queryKey: [...gameKeys.hotWords, num],
    queryFn: ({ signal }) => request(routes.games.hotWords, { num }, { ...quiet, signal }),
  });
}

export function useGameTopics() {
  return usePagedQuery({
    queryKey: gameKeys.topics,
    fetchPage: (param, signal) => request(routes.games.topicList, pageFields(param), { ...quiet, signal }),
  });
}

/** A topic's games, paged; every page also carries the topic itself (cover, title, description). */
export function useTopicGames(topicId: number) {
  return useInfiniteQuery({
    queryKey: gameKeys.topicGames(topicId),
    queryFn: ({ pageParam, signal }) =>
      request(routes.games.topicGame, { topic_id: topicId, ...pageFields(pageParam) }, { ...quiet, signal }),
    initialPageParam: FIRST_PAGE as PageParam,
    getNextPageParam: nextPageParam,
    enabled: topicId > 0,
  });
}

/** The classification filters: emulators (with their extensions and icons), genres, platforms. */
export function useGameConditions() {
  return useQuery({
    queryKey: gameKeys.conditions,
    queryFn: ({ signal }) => request(routes.games.conditionOpt, {}, { ...quiet, signal }),
    staleTime: 10 * 60_000,
  });
}

export function useGameMedia(id: number) {
  return useQuery({
    queryKey: gameKeys.media(id),
    queryFn: ({ signal }) => request(routes.games.mediaLink, { id }, { ...quiet, signal }),
    enabled: id > 0,
  });
}

/** Games to show beside a post or a game. */
export function useRecommendGames(by: { post_id?: number; game_id?: number }, num = 6) {
  return useQuery({
    queryKey: [...gameKeys.recommend(by), num],
    queryFn: ({ signal }) => request(routes.games.recommendGames, { ...by, num }, { ...quiet, signal }),
  });
}

/** More games like the one shown. */
export function useSimilarGames(id: number, num = 6) {
  return useQuery({
    queryKey: [...gameKeys.similar(id), num],
    queryFn: ({ signal }) => request(routes.games.otherGames, { id, num }, { ...quiet, signal }),
    enabled: id > 0,
  });
}

export function useFavouriteGames() {
  const token = useSession((s) => s.token);
  return usePagedQuery({
    queryKey: gameKeys.favourites,
    fetchPage: (param, signal) =>
      request(routes.games.collectionGameList, pageFields(param), { ...quiet, signal }),
    enabled: Boolean(token),
  });
}

/** Whether one game is the caller's favourite, and its count (collection/game). */
export function useGameFavourite(id: number) {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: gameKeys.favourite(id),
    queryFn: ({ signal }) => request(routes.games.collectionGame, { id }, { ...quiet, signal }),
    enabled: Boolean(token) && id > 0,
  });
}

/** All the caller's favourites at once (ids and MD5s), to mark downloaded and imported games. */
export function useCollectList() {
  const token = useSession((s) => s.token);
  return useQuery({
    queryKey: gameKeys.collectList,
    queryFn: ({ signal }) => request(routes.games.collectList, {}, { ...quiet, signal }),
    enabled: Boolean(token),
  });
}

/** The caller's play history (userLog/gameLibList), last played first. */
export function useGameLibrary() {
  const token = useSession((s) => s.token);
  return usePagedQuery({
    queryKey: gameKeys.library,
    fetchPage: (param, signal) => request(routes.games.gameLibList, pageFields(param), { ...quiet, signal }),
    enabled: Boolean(token),
  });
}

/** Favourite or unfavourite: the answer updates the detail and every favourites list. */
export function useToggleFavourite() {
  return useMutation({
    mutationFn: (input: { id: number; collect: boolean }) =>
      request(routes.games.gameCollect, { id: input.id, collect: input.collect }),
    onSuccess: (state) => {
      queryClient.setQueryData(gameKeys.favourite(state.id), state);
      queryClient.setQueriesData<{ is_collected: boolean; favourite_count: number }>(
        { queryKey: gameKeys.detail(state.id) },
        (old) =>
          old ? { ...old, is_collected: state.is_collected, favourite_count: state.favourite_count } : old,
      );
      void queryClient.invalidateQueries({ queryKey: gameKeys.favourites });
      void queryClient.invalidateQueries({ queryKey: gameKeys.collectList });
    },
  });
}

/** A count the server answered after counting, put into the game page's detail as it stands. */
function showCount(id: number, count: Partial<Pick<Game, 'download_count' | 'play_count'>>): void {
  queryClient.setQueriesData<Game>({ queryKey: gameKeys.detail(id) }, (old) =>
    old ? { ...old, ...count } : old,
  );
}

/** Asks for a ROM's download address; the server counts the download, and the game page shows it. */
export function requestGameDownload(id: number) {
  return request(routes.games.downloadGame, { id }, { successToast: false }).then((address) => {
    showCount(id, { download_count: address.download_count });
    return address;
  });
}

/**
 * Records a play, without a failure toast (docs/product/games-library-and-player.md#playing-a-game);
 * the game page shows the new count and the history has the game first.
 */
export function recordGamePlay(id: number) {
  return request(routes.games.useGame, { id }, quiet).then((played) => {
    showCount(id, { play_count: played.play_count });
    void queryClient.invalidateQueries({ queryKey: gameKeys.library });
  });
}

/** Matches imported ROMs to catalogue games by MD5 (whole file or headerless). */
export function matchRoms(md5: string[], timeoutMs?: number) {
  return request(routes.games.romMatch, { md5 }, { ...quiet, timeoutMs });
}
