import { createContext, useContext } from 'react';
import type { RouteDef } from './route-match';

export interface RouteEntry {
  /** Route name for keep-alive screens, full path for the others. */
  key: string;
  route: RouteDef;
  params: Record<string, string | undefined>;
  search: string;
}

/** Each rendered screen sees its own route, even a hidden keep-alive screen. */
export const RouteContext = createContext<RouteEntry | null>(null);

export function useRouteEntry(): RouteEntry {
  const entry = useContext(RouteContext);
  if (!entry) throw new Error('useRouteEntry outside a routed screen');
  return entry;
}

export function useRouteParams(): Record<string, string | undefined> {
  return useRouteEntry().params;
}

export function useRouteQuery(): URLSearchParams {
  return new URLSearchParams(useRouteEntry().search);
}
