import { Swiper } from 'antd-mobile';
import { useNavigate } from '../app/navigation';
import { LazyImage } from './LazyImage';
import './banners.css';

const BANNER_AUTOPLAY_MS = 5000;

/** A banner as the swiper shows it: `target` is the app route it opens, null when it opens nothing. */
export interface SwiperBanner {
  id: number | string;
  image: string;
  title: string;
  target: string | null;
}

/**
 * Banners sliding on their own (a single one stands still, without dots); tapping one opens its
 * target. Nothing at all when there are none.
 */
export function BannerSwiper({
  banners,
  label,
  className,
  testId,
}: {
  banners: readonly SwiperBanner[] | undefined;
  label: string;
  className?: string;
  testId: string;
}) {
  const navigate = useNavigate();
  if (!banners?.length) return null;
  const sliding = banners.length > 1;
  return (
    <section className={`banner-swiper${className ? ` ${className}` : ''}`} aria-label={label}>
      <Swiper
        autoplay={sliding}
        autoplayInterval={BANNER_AUTOPLAY_MS}
        loop={sliding}
        indicator={sliding ? undefined : () => null}
      >
        {banners.map(({ id, image, title, target }) => (
          <Swiper.Item key={id}>
            <button
              type="button"
              className="banner-swiper__item"
              disabled={!target}
              onClick={() => target && navigate(target)}
              data-testid={testId}
            >
              <LazyImage src={image} alt={title} />
              {title && <span className="banner-swiper__title">{title}</span>}
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
    </section>
  );
}
