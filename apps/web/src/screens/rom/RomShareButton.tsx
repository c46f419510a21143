import type { Game } from '@pixelhall/contract';
import { UploadOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useShareGame } from './share-game';

/** Hands the game's page on: the system share sheet on phones, else the link is copied. */
export function RomShareButton({ game }: { game: Game }) {
  const { t } = useTranslation();
  const shareGame = useShareGame();
  const share = () => shareGame({ id: game.id, name: game.game_name });
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={t('romUi.share')}
      data-testid="rom-share"
      onClick={() => void share()}
    >
      <UploadOutline fontSize={20} />
    </button>
  );
}
