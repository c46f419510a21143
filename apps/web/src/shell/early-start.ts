import { DEFAULT_LOCALE, isLocale } from '@pixelhall/contract';
import { sendEarly } from '../api/early-responses';
import { homeFirstCalls, opensHome } from '../api/queries/first-screen-calls';
import { requestInit } from '../api/request-init';
import { CATALOGS } from '../i18n/catalogs';
import { usePreferences } from '../state/preferences';
import { useSession } from '../state/session';

/** Home's screen module: the one the router shows and the one started early are the same. */
export const loadHomeScreen = () => import('../screens/home/HomeScreen');

/**
 * The first thing the page runs, from the smallest script it can: the first screen's calls, its
 * screen, the app and the saved language's catalogs all start downloading now, side by side,
 * instead of one after the other as each module finds its imports. The app's own modules then
 * find them in flight (the API client takes the early answers, imports share the module cache).
 */
export function earlyStart(hash: string): void {
  const token = useSession.getState().token;
  if (opensHome(hash)) {
    for (const call of homeFirstCalls(Boolean(token))) {
      const { url, init } = requestInit(call.def, call.payload, call.method, token);
      sendEarly(url, init);
    }
    void loadHomeScreen().catch(() => {});
  }
  void import('./start-app').catch(() => {});
  const saved = usePreferences.getState().locale.value;
  const catalogs = CATALOGS[isLocale(saved) ? saved : DEFAULT_LOCALE];
  // Home shows with its own strings; the rest of the catalog comes once it has shown (boot.ts).
  const loads = opensHome(hash) ? [catalogs.shared, catalogs.firstScreen] : Object.values(catalogs);
  for (const load of loads) void load().catch(() => {});
}
