import type { LocalArchive } from '@pixelhall/contract/host';
import { routes } from '@pixelhall/contract/routes';
import { request } from '../../api/client';
import { showFailToast } from '../../core/feedback';
import { gameHost } from '../../games/host-calls';
import { playGame } from '../../games/play';
import i18n from '../../i18n';

/**
 * Loads a local slot: the game plays from wherever its ROM is on this device (a download, else
 * an imported file). A catalogue game that is on neither goes to playGame as such, which says
 * to download it first; a ROM known to nobody gets the same message here.
 */
export async function playArchive(archive: LocalArchive, slot: number): Promise<void> {
  const local = await gameHost.romInfo({ romMd5: archive.romMd5 }).catch(() => null);
  if (local?.status === 'downloaded') return playGame({ local, slot });
  const imported = (await gameHost.localGames({}).catch(() => null))?.list.find(
    (g) => g.romMd5 === archive.romMd5,
  );
  if (imported) return playGame({ imported, slot });
  if (archive.gameId !== null) {
    const game = await request(routes.games.gameDetail, { id: archive.gameId }, { successToast: false });
    return playGame({ game, slot });
  }
  showFailToast(i18n.t('game.not_downloaded'));
}
