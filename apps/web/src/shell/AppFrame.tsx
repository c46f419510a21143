import { lazy, Suspense, useEffect, useState } from 'react';
import { listenForLanguage } from '../api/language-refresh';
import { listenForProgress } from '../api/progress-refresh';
import { queryClient } from '../api/query-client';
import { firstScreenSettled } from '../core/first-screen-settled';
import { useLocation } from '../core/hash-router';
import i18n, { showLocale } from '../i18n';
import { useEffectiveTheme, usePreferences } from '../state/preferences';
import { useSession } from '../state/session';
import { RewardCelebration } from '../ui/rewards/RewardCelebration';
import { MineButton } from './MineButton';
import { NewPostButton } from './NewPostButton';
import { useOnlineHeartbeat } from './online-heartbeat';
import { RouteHost } from './RouteHost';
import { matchAppRoute } from './routes';
import { StatusBarSync } from './StatusBarSync';
import { startUp } from './startup';
import { TabBar } from './TabBar';

// A long press's menus: loaded once the first screen has settled, whose code carries none of them.
const CardMenus = lazy(() => import('./CardMenus'));

/** The app frame: the routed screens, the bars and floating buttons the route's flags ask for. */
export function AppFrame() {
  const { pathname } = useLocation();
  const { route } = matchAppRoute(pathname);
  useAppearance();

  useEffect(() => {
    void startUp();
  }, []);
  useEffect(listenForProgress, []);
  useEffect(listenForLanguage, []);

  useSessionFromOtherTabs();
  useOnlineHeartbeat();
  const [menusWanted, setMenusWanted] = useState(false);
  useEffect(() => {
    void firstScreenSettled(queryClient).then(() => setMenusWanted(true));
  }, []);

  return (
    <div className="app-frame">
      <StatusBarSync />
      <RouteHost />
      {menusWanted && (
        <Suspense fallback={null}>
          <CardMenus />
        </Suspense>
      )}
      {route.showMine && <MineButton />}
      {route.showTabBar && <NewPostButton />}
      {route.tabBar && <TabBar />}
      <RewardCelebration />
    </div>
  );
}

/** Theme on <html> (antd-mobile reads data-prefers-color-scheme) and the interface language. */
function useAppearance(): void {
  const theme = useEffectiveTheme();
  const locale = usePreferences((s) => s.locale.value);
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.dataset.prefersColorScheme = theme;
  }, [theme]);
  useEffect(() => {
    document.documentElement.lang = locale;
    // Another tab's switch arrives here as a rehydrated preference; its catalogs may not be here
    // yet. The language boot showed is left alone: Home's first screen may have only its own
    // strings so far, and the rest is on its way (boot.ts).
    if (i18n.language !== locale || !i18n.hasResourceBundle(locale, 'translation')) void showLocale(locale);
  }, [locale]);
}

/** A sign-in or sign-out in another tab of this browser applies here too. */
function useSessionFromOtherTabs(): void {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === 'pixelhall.session') void useSession.persist.rehydrate();
      if (event.key === 'pixelhall.preferences') void usePreferences.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
