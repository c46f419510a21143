import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGameBanners } from '../../api/queries/games';
import { LazyImage } from '../../ui/LazyImage';
import { linkTarget } from '../home/links';
import '../home/home.css';

const BANNER_AUTOPLAY_MS = 5000;

/**
 * The game banners (banner/lists). Links open like Home's: an app route (#/rom/1) inside the
 * app, an http(s) address in /webview; a banner naming only a game opens that game.
 */
export function GameBanners() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banners = useGameBanners().data;
  if (!banners?.length) return null;
  return (
    <section className="home-banners game-banners" aria-label={t('gamesUi.banners')}>
      <Swiper
        autoplay={banners.length > 1}
        autoplayInterval={BANNER_AUTOPLAY_MS}
        loop={banners.length > 1}
        indicator={banners.length > 1 ? undefined : () => null}
      >
        {banners.map((banner) => {
          const target =
            linkTarget(banner.link, banner.title) ?? (banner.game_id ? `/rom/${banner.game_id}` : null);
          return (
            <Swiper.Item key={banner.id}>
              <button
                type="button"
                className="home-banner"
                disabled={!target}
                onClick={() => target && navigate(target)}
                data-testid="game-banner"
              >
                <LazyImage src={banner.image} alt={banner.title} />
                {banner.title && <span className="home-banner__title">{banner.title}</span>}
              </button>
            </Swiper.Item>
          );
        })}
      </Swiper>
    </section>
  );
}
