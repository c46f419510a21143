import { endpoints } from '@pixelhall/contract';
import { useQuery } from '@tanstack/react-query';
import { Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { request } from '../../api/client';
import { LazyImage } from '../../ui/LazyImage';
import { linkTarget } from './links';

const BANNER_AUTOPLAY_MS = 5000;

/** The home banners (banner/lists), sliding on their own; nothing at all when there are none. */
export function Banners() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banners = useQuery({
    queryKey: ['home', 'banners'],
    queryFn: ({ signal }) =>
      request(endpoints.posts.bannerLists, {}, { successToast: false, failToast: false, signal }),
    staleTime: 5 * 60_000,
  }).data;
  if (!banners?.length) return null;
  return (
    <section className="home-banners" aria-label={t('feed.banners')}>
      <Swiper
        autoplay={banners.length > 1}
        autoplayInterval={BANNER_AUTOPLAY_MS}
        loop={banners.length > 1}
        indicator={banners.length > 1 ? undefined : () => null}
      >
        {banners.map((banner) => {
          const target = linkTarget(banner.link, banner.title);
          return (
            <Swiper.Item key={banner.id}>
              <button
                type="button"
                className="home-banner"
                disabled={!target}
                onClick={() => target && navigate(target)}
                data-testid="home-banner"
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
