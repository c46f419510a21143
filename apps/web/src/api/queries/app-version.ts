import { CLIENT_VERSION, endpoints } from '@pixelhall/contract';
import { useQuery } from '@tanstack/react-query';
import { request } from '../client';

export const appVersionKeys = { check: ['app-version', CLIENT_VERSION] as const };

export function useVersionCheck() {
  return useQuery({
    queryKey: appVersionKeys.check,
    queryFn: () => request(endpoints.appVersion.checkVersion, {}, { successToast: false }),
    staleTime: 0,
  });
}
