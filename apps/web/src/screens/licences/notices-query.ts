import { useQuery } from '@tanstack/react-query';
import { THIRD_PARTY_NOTICES_FILE, type ThirdPartyNotices } from './notice-file';

/** The notices the build wrote beside index.html; they only change with a new build. */
export function useThirdPartyNotices() {
  return useQuery({
    queryKey: ['third-party-notices'],
    queryFn: async ({ signal }): Promise<ThirdPartyNotices> => {
      const response = await fetch(`${import.meta.env.BASE_URL}${THIRD_PARTY_NOTICES_FILE}`, { signal });
      if (!response.ok) throw new Error(`third-party notices: HTTP ${response.status}`);
      return (await response.json()) as ThirdPartyNotices;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}
