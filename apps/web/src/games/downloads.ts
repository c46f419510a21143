import type { Game } from '@pixelhall/contract';
import type { ClearDownloadsRequest, DownloadProgress, LocalGame } from '@pixelhall/contract/host';
import { routes } from '@pixelhall/contract/routes';
import { useEffect } from 'react';
import { create } from 'zustand';
import { request } from '../api/client';
import { gameKeys, requestGameDownload } from '../api/queries/games';
import { queryClient } from '../api/query-client';
import { showFailToast } from '../core/feedback';
import { inList } from '../host/downloads/transitions';
import i18n from '../i18n';
import { coreNameFor, type EmulatorOption, mergeProgress, newestFirst } from './download-list';
import { gameHost, gameHostPushes } from './host-calls';

/**
 * The device's download list (docs/product/games-library-and-player.md#downloads) for every screen: loaded from the host's
 * `getGameRomList` on first use and kept live by its `progress` pushes.
 */
interface DownloadsState {
  games: Record<number, LocalGame>;
  ready: boolean;
}

export const useDownloadsStore = create<DownloadsState>()(() => ({ games: {}, ready: false }));

const PAGE = 100;
let loading: Promise<void> | null = null;

function put(game: LocalGame): void {
  useDownloadsStore.setState((s) => ({ games: { ...s.games, [game.gameId]: game } }));
}

function drop(match: (game: LocalGame) => boolean): void {
  useDownloadsStore.setState((s) => ({
    games: Object.fromEntries(Object.entries(s.games).filter(([, game]) => !match(game))),
  }));
}

async function onProgress(progress: DownloadProgress): Promise<void> {
  const known = useDownloadsStore.getState().games[progress.gameId];
  if (known) return put(mergeProgress(known, progress));
  // Started elsewhere (another screen before the list loaded): fetch the whole entry once.
  const game = await gameHost.romInfo({ gameId: progress.gameId }).catch(() => null);
  if (game) put(game);
}

/** Loads the list once and subscribes to the pushes; later calls share the first load. */
function ensureLoaded(): Promise<void> {
  loading ??= (async () => {
    gameHostPushes.onDownloadProgress((progress) => void onProgress(progress));
    const games: Record<number, LocalGame> = {};
    for (let offset = 0; ; offset += PAGE) {
      const page = await gameHost.romList({ offset, limit: PAGE });
      for (const game of page.list) games[game.gameId] = game;
      if (page.list.length < PAGE || offset + PAGE >= page.total) break;
    }
    // Pushes that arrived while loading are newer than the pages.
    useDownloadsStore.setState((s) => ({ games: { ...games, ...s.games }, ready: true }));
  })().catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

function useLoaded(): void {
  useEffect(() => {
    ensureLoaded().catch(() => undefined);
  }, []);
}

/** The whole download list, newest first, live. */
export function useDownloads(): { list: LocalGame[]; ready: boolean } {
  useLoaded();
  const games = useDownloadsStore((s) => s.games);
  const ready = useDownloadsStore((s) => s.ready);
  return { list: newestFirst(games), ready };
}

/** One game's download entry, live; null when it is not in the list. */
export function useDownload(gameId: number): LocalGame | null {
  useLoaded();
  return useDownloadsStore((s) => s.games[gameId] ?? null);
}

async function emulatorList(): Promise<EmulatorOption[]> {
  const conditions = await queryClient.fetchQuery({
    queryKey: gameKeys.conditions,
    queryFn: ({ signal }) =>
      request(routes.games.conditionOpt, {}, { successToast: false, failToast: false, signal }),
    staleTime: 10 * 60_000,
  });
  return conditions.emulator_type;
}

/**
 * Starts downloading a catalogue game: asks the server for the address (it counts the
 * download), then hands it to the host. Failures have shown their toast; this rejects too.
 */
export async function downloadGame(game: Game, emulators?: readonly EmulatorOption[]): Promise<void> {
  await ensureLoaded().catch(() => undefined);
  const coreName = coreNameFor(game, emulators ?? (await emulatorList()));
  if (!coreName) {
    const message = i18n.t('downloadsUi.no_emulator');
    showFailToast(message);
    throw new Error(message);
  }
  const address = await requestGameDownload(game.id);
  put(
    await gameHost.start({
      gameId: game.id,
      romMd5: address.rom_md5,
      emuName: game.emulator_type,
      coreName,
      gameName: game.game_name,
      coverImage: game.icon_image,
      url: address.url,
      fileName: address.rom_name,
      size: address.size,
    }),
  );
}

export async function pauseDownload(gameId: number): Promise<void> {
  put(await gameHost.pause({ gameId }));
}

export async function resumeDownload(gameId: number): Promise<void> {
  put(await gameHost.resume({ gameId }));
}

export async function cancelDownload(gameId: number): Promise<void> {
  await gameHost.cancel({ gameId });
  drop((game) => game.gameId === gameId);
}

export async function removeDownload(gameId: number): Promise<void> {
  await gameHost.remove({ gameId });
  drop((game) => game.gameId === gameId);
}

/** Empties the downloading list, the downloaded list, or both. */
export async function clearDownloads(status?: ClearDownloadsRequest['status']): Promise<void> {
  await gameHost.clear(status ? { status } : {});
  drop((game) => inList(game.status, status));
}
