import { CLIENT_VERSION } from '@pixelhall/contract';
import type { ApplicationInfo, SystemInfo } from '@pixelhall/contract/host';
import { routes } from '@pixelhall/contract/routes';
import { request } from '../api/client';
import { refreshAfterReward, taskKeys } from '../api/queries/tasks';
import { meQuery } from '../api/queries/users';
import { queryClient } from '../api/query-client';
import { firstScreenSettled } from '../core/first-screen-settled';
import { callHost } from '../core/host-call';
import i18n from '../i18n';
import { useDevice } from '../state/device';
import { usePreferences } from '../state/preferences';
import { celebrate } from '../state/reward-celebration';
import { useSession } from '../state/session';

const FALLBACK_SYSTEM: SystemInfo = { androidVersion: '', deviceName: '', top: 0, bottom: 0 };
const FALLBACK_APPLICATION: ApplicationInfo = { version: CLIENT_VERSION, platform: 'web' };

/**
 * The start-up routine (docs/product/calls-and-host.md#start-up): system info and application info from the host, then the
 * current member and the daily start-up call (`start/up`, type 1, authLogin true). A member
 * who signs in later in the run gets the start-up call then.
 */
export async function startUp(): Promise<void> {
  const [system, application] = await Promise.all([
    callHost('getSystemInfo', undefined, { silent: true }).catch(() => FALLBACK_SYSTEM),
    callHost('applicationInfo', undefined, { silent: true }).catch(() => FALLBACK_APPLICATION),
    // Before the member is loaded: a token the shell holds decides who that is. Loaded once the
    // first screen has settled, as the host is, so the first screen's code does not carry it.
    firstScreenSettled(queryClient)
      .then(() => import('../api/host-token'))
      .then(({ syncTokenWithHost }) => syncTokenWithHost()),
  ]);
  useDevice.getState().set({ system, application });
  const { applySafeArea } = await import('../theme/safe-area');
  applySafeArea(document.documentElement, system);
  usePreferences.getState().forceTheme(application.theme ?? null);
  if (useSession.getState().token) await queryClient.prefetchQuery(meQuery());
  void dailyCheckIn();
  if (watchingSignIns) return;
  watchingSignIns = true;
  useSession.subscribe((state, previous) => {
    if (state.token && state.token !== previous.token) void dailyCheckIn();
  });
}

let watchingSignIns = false;
let checkedInToken: string | null = null;

/**
 * The day's check-in: silent whatever happens (no toast), and celebrated once when it was the
 * first start-up of the day and brought gold. Asked once per signed-in session per run.
 */
export async function dailyCheckIn(): Promise<void> {
  const token = useSession.getState().token;
  if (!token || token === checkedInToken) return;
  checkedInToken = token;
  try {
    const result = await request(
      routes.tasks.startUp,
      { type: 1, authLogin: true },
      { successToast: false, failToast: false },
    );
    // The check-in counts towards the daily log-in task.
    void queryClient.invalidateQueries({ queryKey: taskKeys.all });
    if (result.first_today && result.added.gold > 0) {
      celebrate({ title: i18n.t('rewards.checkin'), added: result.added });
      refreshAfterReward();
    }
  } catch {
    // A missed check-in is asked again at the next start-up.
  }
}
