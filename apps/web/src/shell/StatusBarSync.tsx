import type { StatusBarStyle } from '@pixelhall/contract/host';
import { useEffect } from 'react';
import { useLocation } from '../core/hash-router';
import { callHost } from '../core/host-call';
import { type Theme, useEffectiveTheme } from '../state/preferences';
import { matchAppRoute } from './routes';

const BAR: Record<Theme, Pick<StatusBarStyle, 'color' | 'background'>> = {
  light: { color: '#000000', background: '#f4f4fa' },
  dark: { color: '#ffffff', background: '#0e0f1a' },
};

/** On every route change the status bar follows the route's theme, else the app theme (docs/product/app-shell-and-settings.md#status-bar). */
export function StatusBarSync() {
  const { pathname } = useLocation();
  const appTheme = useEffectiveTheme();
  const { route } = matchAppRoute(pathname);
  const theme = route.statusBarTheme ?? appTheme;
  const hidden = Boolean(route.hideStatusBar);
  useEffect(() => {
    void callHost('setStatusBarColor', { theme, hidden, ...BAR[theme] }, { silent: true }).catch(() => {});
  }, [theme, hidden]);
  return null;
}
