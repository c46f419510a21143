import { endpoints } from '@pixelhall/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { BannerSwiper } from '../../ui/BannerSwiper';
import { linkTarget } from './links';

/** The home banners (banner/lists), sliding on their own; nothing at all when there are none. */
export function Banners() {
  const { t } = useTranslation();
  const banners = useQuery({
    queryKey: ['home', 'banners'],
    queryFn: ({ signal }) =>
      request(endpoints.posts.bannerLists, {}, { successToast: false, failToast: false, signal }),
    staleTime: 5 * 60_000,
  }).data;
  return (
    <BannerSwiper
      banners={banners?.map((banner) => ({ ...banner, target: linkTarget(banner.link, banner.title) }))}
      label={t('feed.banners')}
      testId="home-banner"
    />
  );
}
