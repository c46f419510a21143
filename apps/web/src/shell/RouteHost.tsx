import type { Locale } from '@pixelhall/contract';
import { Activity, type ComponentType, Suspense, use, useRef } from 'react';
import { Navigate, useLocation } from '../core/hash-router';
import { RouteContext, type RouteEntry } from '../core/route-context';
import { hasRouteIds, loginPathFor } from '../core/route-match';
import i18n, { catalogSettled } from '../i18n';
import { useSession } from '../state/session';
import { ScreenFallback } from '../ui/Screen';
import { matchAppRoute, NotFoundScreen } from './routes';

/**
 * Renders the screen of the current route. Keep-alive screens stay mounted inside a hidden
 * `<Activity>` once visited, so their state and scroll position survive a round trip.
 */
export function RouteHost() {
  const location = useLocation();
  const token = useSession((s) => s.token);
  const kept = useRef(new Map<string, RouteEntry>());
  const { route, params } = matchAppRoute(location.pathname);

  if (route.redirect) return <Navigate to={route.redirect} replace />;
  if (route.login && !token)
    return <Navigate to={loginPathFor(location.pathname, location.search)} replace />;

  const current: RouteEntry = {
    key: route.keepAlive ? route.name : location.pathname + location.search,
    route,
    params,
    search: location.search,
  };
  if (route.keepAlive) kept.current.set(current.key, current);

  return (
    <>
      {[...kept.current.values()].map((entry) => (
        <Activity key={entry.key} mode={entry.key === current.key ? 'visible' : 'hidden'}>
          <RoutedScreen entry={entry} />
        </Activity>
      ))}
      {!route.keepAlive && <RoutedScreen key={current.key} entry={current} />}
    </>
  );
}

function RoutedScreen({ entry }: { entry: RouteEntry }) {
  // A screen without the id of what it shows would wait forever for it.
  const Screen: ComponentType =
    (hasRouteIds(entry.route, entry.params, entry.search) && entry.route.screen) || NotFoundScreen;
  return (
    <RouteContext value={entry}>
      <Suspense fallback={<ScreenFallback />}>
        {entry.route.name !== 'home' && <WholeCatalog />}
        <Screen />
      </Suspense>
    </RouteContext>
  );
}

/**
 * Waits for the rest of the language's catalog: a start on Home shows with Home's strings only
 * (i18n/first-screen-groups.ts), and a screen opened before the rest has arrived waits for it.
 */
function WholeCatalog() {
  use(catalogSettled(i18n.language as Locale));
  return null;
}
