import { type NavigateOptions, navigate } from './hash-router';

/**
 * Navigation for the whole app, React or not (screens, the API client's dialogs, the host
 * bridge). Screens take `useNavigate` from here: the same function for the app's life, so that
 * nothing re-renders or re-runs because the location moved (each screen kept alive would).
 */

/** Goes to an absolute path, or back and forward in history with a number. */
export function navigateTo(to: string | number, options?: NavigateOptions): void {
  navigate(to, options);
}

/** The same function on every render: nothing re-renders or re-runs because the location moved. */
export function useNavigate(): typeof navigateTo {
  return navigateTo;
}
