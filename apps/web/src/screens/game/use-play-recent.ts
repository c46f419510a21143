import { routes } from '@pixelhall/contract/routes';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { showFailToast } from '../../core/feedback';
import { useDownloads } from '../../games/downloads';
import { useImportedGames } from '../../games/imported';
import { playGame } from '../../games/play';
import type { RecentGame } from '../../state/recent-games';
import { recentPlay } from './recent-play';

/** Plays a recent game from wherever this device has it (see recentPlay). */
export function usePlayRecent(): (recent: RecentGame) => Promise<void> {
  const { t } = useTranslation();
  const imported = useImportedGames().list;
  const downloads = useDownloads().list;
  return async (recent) => {
    const how = recentPlay(recent, imported, downloads);
    switch (how.kind) {
      case 'imported':
        return playGame({ imported: how.imported });
      case 'local':
        return playGame({ local: how.local });
      case 'catalogue': {
        // playGame needs the whole game: it says "download first" or "downloading, wait" itself.
        const game = await request(routes.games.gameDetail, { id: how.gameId }, { successToast: false });
        return playGame({ game });
      }
      case 'missing':
        showFailToast(t('gamesUi.romMissing'));
    }
  };
}
