import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../core/navigation';
import { bannerAt, loopJump, positionOf } from './banner-loop';
import { LazyImage } from './LazyImage';
import './banners.css';

const BANNER_AUTOPLAY_MS = 5000;
/** Scroll events stop this long before the track counts as resting on a slide. */
const SCROLL_SETTLE_MS = 120;

/** A banner as the swiper shows it: `target` is the app route it opens, null when it opens nothing. */
export interface SwiperBanner {
  id: number | string;
  image: string;
  title: string;
  target: string | null;
}

/**
 * Banners sliding on their own and under the finger, in a loop, with dots (a single one stands
 * still, without dots); tapping one opens its target. Nothing at all when there are none.
 * The swipe is the browser's own scrolling, snapped to each banner by CSS.
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
  const trackRef = useRef<HTMLDivElement>(null);
  const count = banners?.length ?? 0;
  const sliding = count > 1;
  const [shown, setShown] = useState(0);
  const [touching, setTouching] = useState(false);

  const shownRef = useRef(0);
  shownRef.current = shown;

  // On the first real banner at first (past the copy of the last one), and back on the banner
  // shown after the width changes or a kept-alive screen shows again (a hidden box forgets
  // where it was scrolled).
  useEffect(() => {
    const track = trackRef.current;
    if (!track || !sliding) return;
    const observer = new ResizeObserver(() => {
      const width = track.clientWidth;
      if (width > 0)
        track.scrollTo({ left: width * positionOf(shownRef.current, count), behavior: 'instant' });
    });
    observer.observe(track);
    return () => observer.disconnect();
  }, [count, sliding]);

  useEffect(() => {
    const track = trackRef.current;
    if (!track || !sliding) return;
    let settle = 0;
    const onScroll = () => {
      const width = track.clientWidth;
      if (width === 0) return;
      setShown(bannerAt(Math.round(track.scrollLeft / width), count));
      clearTimeout(settle);
      settle = window.setTimeout(() => {
        const jump = loopJump(Math.round(track.scrollLeft / width), count);
        if (jump !== null) track.scrollTo({ left: jump * width, behavior: 'instant' });
      }, SCROLL_SETTLE_MS);
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(settle);
      track.removeEventListener('scroll', onScroll);
    };
  }, [count, sliding]);

  // The next banner every few seconds, counted again from each move; not under a finger.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `shown` restarts the wait after a swipe.
  useEffect(() => {
    const track = trackRef.current;
    if (!track || !sliding || touching) return;
    const timer = setTimeout(() => {
      const width = track.clientWidth;
      // Hidden (a kept-alive screen out of sight): nothing to slide.
      if (width === 0) return;
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      track.scrollTo({
        left: (Math.round(track.scrollLeft / width) + 1) * width,
        behavior: reduced ? 'instant' : 'smooth',
      });
    }, BANNER_AUTOPLAY_MS);
    return () => clearTimeout(timer);
  }, [shown, sliding, touching]);

  if (!banners?.length) return null;
  const slides = sliding ? [banners[count - 1]!, ...banners, banners[0]!] : banners;
  return (
    <section className={`banner-swiper${className ? ` ${className}` : ''}`} aria-label={label}>
      <div
        ref={trackRef}
        className="banner-swiper__track"
        onTouchStart={() => setTouching(true)}
        onTouchEnd={() => setTouching(false)}
        onTouchCancel={() => setTouching(false)}
      >
        {slides.map(({ id, image, title, target }, position) => {
          // The copies at both ends are only seen mid-swipe: not there for screen readers or Tab.
          const copy = sliding && (position === 0 || position === slides.length - 1);
          return (
            <div
              key={copy ? `copy-${position}` : id}
              className="banner-swiper__slide"
              aria-hidden={copy || undefined}
              inert={copy || undefined}
            >
              <button
                type="button"
                className="banner-swiper__item"
                disabled={!target}
                onClick={() => target && navigate(target)}
                data-testid={copy ? undefined : testId}
              >
                <LazyImage src={image} alt={title} />
                {title && <span className="banner-swiper__title">{title}</span>}
              </button>
            </div>
          );
        })}
      </div>
      {sliding && (
        <div className="banner-swiper__dots" aria-hidden="true">
          {banners.map(({ id }, index) => (
            <span
              key={id}
              className={`banner-swiper__dot${index === shown ? ' banner-swiper__dot--on' : ''}`}
            />
          ))}
        </div>
      )}
    </section>
  );
}
