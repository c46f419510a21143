import { CLIENT_VERSION } from '@pixelhall/contract';
import { meQuery } from '../api/queries/users';
import { queryClient } from '../api/query-client';
import { host } from '../host';
import type { ApplicationInfo, SystemInfo } from '../host/protocol';
import { useDevice } from '../state/device';
import { usePreferences } from '../state/preferences';
import { useSession } from '../state/session';

const FALLBACK_SYSTEM: SystemInfo = { androidVersion: '', deviceName: '', top: 0, bottom: 0 };
const FALLBACK_APPLICATION: ApplicationInfo = { version: CLIENT_VERSION, platform: 'web' };

/**
 * The start-up routine of spec §7: system info and application info from the host, then the
 * current member. The daily start-up call (`start/up`, type 1, authLogin true) joins this
 * routine with the tasks feature that counts it.
 */
export async function startUp(): Promise<void> {
  const [system, application] = await Promise.all([
    host.call<SystemInfo>('getSystemInfo', undefined, { silent: true }).catch(() => FALLBACK_SYSTEM),
    host
      .call<ApplicationInfo>('applicationInfo', undefined, { silent: true })
      .catch(() => FALLBACK_APPLICATION),
  ]);
  useDevice.getState().set({ system, application });
  usePreferences.getState().forceTheme(application.theme ?? null);
  if (useSession.getState().token) await queryClient.prefetchQuery(meQuery());
}
