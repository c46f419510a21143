import { ROUTES, type RouteDef } from '../shell/routes';

export interface RouteMatch {
  route: RouteDef;
  params: Record<string, string | undefined>;
}

/**
 * The params of `pathname` if it matches `pattern` (static segments and `:name` ones) as a
 * whole: any case, trailing slashes allowed, params as they are in the URL.
 */
export function matchPath(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern.replace(/[\\.*+^${}|()[\]]/g, '\\$&').replace(/\/:([\w-]+)/g, (_, name: string) => {
    names.push(name);
    return '/([^\\/]+)';
  });
  const match = new RegExp(`^${source}\\/*$`, 'i').exec(pathname);
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [name, match[index + 1]!.replace(/%2F/g, '/')]));
}

const CATCH_ALL = ROUTES.find((r) => r.path === '*')!;

export function matchRoute(pathname: string, routes: RouteDef[] = ROUTES): RouteMatch {
  for (const route of routes) {
    if (route.path === '*') continue;
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return { route: CATCH_ALL, params: {} };
}

/** The login page, remembering where the visitor was going. */
export function loginPathFor(pathname: string, search = ''): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}
