import type { ComponentType, LazyExoticComponent } from 'react';

/** A route of the app's table (shell/routes.tsx) and its flags. */
export interface RouteDef {
  /** The route name (docs/product/app-shell-and-settings.md#routes); also the screen root's `data-screen`. */
  name: string;
  /** A React Router pattern; matched exactly, first match wins. */
  path: string;
  /** The screen; a route whose feature has not shipped yet shows the catch-all screen. */
  screen?: LazyExoticComponent<ComponentType>;
  redirect?: string;
  /** Members only: a visitor is sent to /login. */
  login?: boolean;
  /** Stays mounted while hidden, keyed by name; other screens are re-created per full path. */
  keepAlive?: boolean;
  hideStatusBar?: boolean;
  statusBarTheme?: 'dark' | 'light';
  /** The floating mine button (when the server option is on). */
  showMine?: boolean;
  /** The floating new-post button (docs/product/posts-and-feeds.md#new-post-button). */
  showTabBar?: boolean;
  /** The bottom tab bar: Home, Game, Me. */
  tabBar?: boolean;
  /**
   * The path params or query parameters naming what the screen shows (`id`): without a positive
   * whole number in each, there is nothing to load and the catch-all screen shows instead.
   */
  ids?: readonly string[];
}

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

/** The first route of `routes` that matches `pathname`, else its catch-all (path `*`). */
export function matchRoute(pathname: string, routes: RouteDef[]): RouteMatch {
  for (const route of routes) {
    if (route.path === '*') continue;
    const params = matchPath(route.path, pathname);
    if (params) return { route, params };
  }
  return { route: routes.find((r) => r.path === '*')!, params: {} };
}

/** Whether every id the route needs is a positive whole number, in its path or its query. */
export function hasRouteIds(route: RouteDef, params: RouteMatch['params'], search: string): boolean {
  if (!route.ids?.length) return true;
  const query = new URLSearchParams(search);
  return route.ids.every((name) => /^[1-9]\d*$/.test(params[name] ?? query.get(name) ?? ''));
}

/** The login page, remembering where the visitor was going. */
export function loginPathFor(pathname: string, search = ''): string {
  return `/login?redirect=${encodeURIComponent(pathname + search)}`;
}
