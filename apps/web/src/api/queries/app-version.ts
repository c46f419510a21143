import { CLIENT_VERSION } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { request } from '../client';

export const appVersionKeys = { check: ['app-version', CLIENT_VERSION] as const };

export function useVersionCheck() {
  return useQuery({
    queryKey: appVersionKeys.check,
    queryFn: () => request(routes.appVersion.checkVersion, {}, { successToast: false }),
    staleTime: 0,
  });
}
