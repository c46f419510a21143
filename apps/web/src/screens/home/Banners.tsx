import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bannersQuery } from '../../api/queries/first-screen';
import { linkTarget } from '../../core/link-target';
import { BannerSwiper } from '../../ui/BannerSwiper';

/** The home banners (banner/lists), sliding on their own; nothing at all when there are none. */
export function Banners() {
  const { t } = useTranslation();
  const banners = useQuery(bannersQuery()).data;
  return (
    <BannerSwiper
      banners={banners?.map((banner) => ({ ...banner, target: linkTarget(banner.link, banner.title) }))}
      label={t('feed.banners')}
      testId="home-banner"
    />
  );
}
