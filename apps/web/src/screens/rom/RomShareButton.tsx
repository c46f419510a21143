import type { Game } from '@pixelhall/contract';
import { UploadOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { showFailToast, showSuccessToast } from '../../core/feedback';
import { shareLink } from '../post/share';

/** Hands the game's page on: the system share sheet on phones, else the link is copied. */
export function RomShareButton({ game }: { game: Game }) {
  const { t } = useTranslation();
  const share = async () => {
    // The app routes by hash, so the page's own address with #/rom/<id> opens this game.
    const url = `${window.location.origin}${window.location.pathname}#/rom/${game.id}`;
    const outcome = await shareLink({ url, title: game.game_name });
    if (outcome === 'copied') showSuccessToast(t('romUi.linkCopied'));
    else if (outcome === 'copy-failed') showFailToast(t('errors.copy_failed'));
  };
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
