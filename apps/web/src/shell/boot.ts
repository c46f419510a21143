import { DEFAULT_LOCALE, isLocale } from '@pixelhall/contract';
import { adoptProviderCallback } from '../api/auth/pending';
import { opensHome } from '../api/queries/first-screen-calls';
import { queryClient } from '../api/query-client';
import { firstScreenSettled, holdFirstScreen } from '../core/first-screen-settled';
import { afterHeavyWork } from '../core/heavy-work';
import { loadLocale, showLocale } from '../i18n';
import { usePreferences } from '../state/preferences';
import { useSession } from '../state/session';
import { connectLayers } from './connect-layers';
import { prefetchFirstScreen } from './first-screen';

/**
 * How long the app must have run without a game, download or import before the service worker
 * precaches the shell: the member's first moves (often straight to a game) come first.
 */
const PRECACHE_QUIET_MS = 5000;

/**
 * Starts the app once its shared code is here: the first screen's queries (which take the
 * answers the entry asked for early), the interface language, then the app itself. The app
 * renders once its language is here: the first paint is translated.
 */
export function boot(): void {
  connectLayers();
  // A provider's answer to a third-party sign-in arrives as /?code=…; the hash router must see it.
  adoptProviderCallback();
  prefetchFirstScreen(queryClient, window.location.hash, Boolean(useSession.getState().token));
  const saved = usePreferences.getState().locale.value;
  const locale = isLocale(saved) ? saved : DEFAULT_LOCALE;
  const home = opensHome(window.location.hash);
  holdFirstScreen(
    Promise.all([
      import('./start-app'),
      // Catalogs that cannot load leave the keys showing rather than a blank page.
      showLocale(locale, { firstScreenOnly: home }).catch(() => {}),
    ]).then(([app]) => app.startApp()),
  );
  // Home's first screen came with its own strings only: the others follow once it has shown.
  if (home) void firstScreenSettled(queryClient).then(() => loadLocale(locale).catch(() => {}));

  // The offline app's service worker registers once the first screen has shown and nothing heavy
  // (a game, a download, an import) has run for a while: its precache never competes with them.
  // Development and tests run without one.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    void firstScreenSettled(queryClient)
      .then(() => afterHeavyWork(PRECACHE_QUIET_MS))
      .then(() => import('./service-worker'))
      .then(({ startServiceWorker }) => startServiceWorker());
  }
}
