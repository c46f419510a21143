import './zod-without-eval';
import { DEFAULT_LOCALE, isLocale } from '@pixelhall/contract';
import { queryClient } from './api/query-client';
import { firstScreenSettled, holdFirstScreen, prefetchFirstScreen } from './app/first-screen';
import { adoptProviderCallback } from './auth/pending';
import { showLocale } from './i18n';
import { usePreferences } from './state/preferences';
import { useSession } from './state/session';
import './theme/theme.css';
import './theme/global.css';

// A provider's answer to a third-party sign-in arrives as /?code=…; the hash router must see it.
adoptProviderCallback();

// The first screen's data and code, the app and the interface language all start loading now,
// side by side. The app renders once its language is here: the first paint is translated.
prefetchFirstScreen(queryClient, window.location.hash, Boolean(useSession.getState().token));
const saved = usePreferences.getState().locale.value;
holdFirstScreen(
  Promise.all([
    import('./app/start-app'),
    // Catalogs that cannot load leave the keys showing rather than a blank page.
    showLocale(isLocale(saved) ? saved : DEFAULT_LOCALE).catch(() => {}),
  ]).then(([app]) => app.startApp()),
);

// The offline app's service worker registers once the first screen has its data, so it adds
// nothing to it; development and tests run without one.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void firstScreenSettled(queryClient)
    .then(() => import('./app/service-worker'))
    .then(({ startServiceWorker }) => startServiceWorker());
}
