import type { Game } from '@pixelhall/contract';
import type { ImportedGame, LocalGame } from '@pixelhall/contract/host';
import { recordGamePlay } from '../api/queries/games';
import { showFailToast, showInfoToast } from '../core/feedback';
import { HostCallError } from '../host/bridge';
import i18n from '../i18n';
import { useRecentGames } from '../state/recent-games';
import { gameHost } from './host-calls';
import { type PlayTarget, planPlay } from './play-plan';

export type { PlayTarget } from './play-plan';

/** The download of a catalogue game and an imported copy of it, if this device has either. */
async function findOnDevice(game: Game): Promise<{ local: LocalGame | null; imported: ImportedGame | null }> {
  const local = await gameHost.romInfo({ gameId: game.id }).catch(() => null);
  if (local?.status === 'downloaded') return { local, imported: null };
  const imported =
    (await gameHost.localGames({}).catch(() => null))?.list.find(
      (rom) => rom.gameId === game.id || rom.romMd5 === game.rom_md5,
    ) ?? null;
  return { local, imported };
}

/**
 * Plays a game (docs/product/games-library-and-player.md#playing-a-game): starts it through the host, moves it to the front of the recent games,
 * and records the play for a catalogue game. A failed start has already shown its toast.
 */
export async function playGame(target: PlayTarget): Promise<void> {
  const plan = planPlay(target, 'game' in target ? await findOnDevice(target.game) : undefined);
  if (plan.kind === 'message') {
    (plan.fail ? showFailToast : showInfoToast)(i18n.t(plan.key));
    return;
  }
  const { request } = plan;
  try {
    await gameHost.startGame(request);
  } catch (err) {
    if (err instanceof HostCallError) return;
    throw err;
  }
  useRecentGames.getState().add({
    gameId: request.gameId,
    romMd5: request.romMd5,
    gameName: request.gameName,
    coverImage: request.coverImage,
    emuName: request.emuName,
    coreName: request.coreName,
    playedAt: Date.now(),
  });
  if (request.gameId !== null) void recordGamePlay(request.gameId).catch(() => undefined);
}
