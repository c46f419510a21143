import { matchPath } from 'react-router';
import { ROUTES, type RouteDef } from '../routes';

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string | undefined>;
}

const CATCH_ALL = ROUTES.find((r) => r.path === '*')!;

export function matchRoute(pathname: string, routes: RouteDef[] = ROUTES): RouteMatch {
  for (const route of routes) {
    if (route.path === '*') continue;
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return { route: CATCH_ALL, params: {} };
}

/** The login page, remembering where the visitor was going. */
export function loginPathFor(pathname: string, search = ''): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}
