import { useTranslation } from 'react-i18next';
import { useGameBanners } from '../../api/queries/games';
import { linkTarget } from '../../core/link-target';
import { BannerSwiper } from '../../ui/BannerSwiper';

/**
 * The game banners (banner/lists). Links open like Home's: an app route (#/rom/1) inside the
 * app, an http(s) address in /webview; a banner naming only a game opens that game.
 */
export function GameBanners() {
  const { t } = useTranslation();
  const banners = useGameBanners().data;
  return (
    <BannerSwiper
      banners={banners?.map((banner) => ({
        id: banner.id,
        image: banner.image,
        title: banner.title,
        target: linkTarget(banner.link, banner.title) ?? (banner.game_id ? `/rom/${banner.game_id}` : null),
      }))}
      label={t('gamesUi.banners')}
      className="game-banners"
      testId="game-banner"
    />
  );
}
