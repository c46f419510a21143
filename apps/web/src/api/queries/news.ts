import { endpoints } from '@pixelhall/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { request } from '../client';

export const newsKeys = { latest: ['news', 'latest'] as const };

/** The unread count and newest item of the member's inbox (spec §3 "latest news"). */
export const latestNewsQuery = () =>
  queryOptions({
    queryKey: newsKeys.latest,
    queryFn: () => request(endpoints.users.latestNews, {}, { successToast: false }),
  });

export function useLatestNews() {
  const token = useSession((s) => s.token);
  return useQuery({ ...latestNewsQuery(), enabled: Boolean(token) });
}
