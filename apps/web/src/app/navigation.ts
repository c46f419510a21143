/**
 * Navigation for the whole app, React or not (screens, the API client's dialogs, the host
 * bridge). The router registers itself at start-up; before that, the hash is set directly.
 * Screens take `useNavigate` from here rather than from the router: the router's own hook
 * changes with every location, so each screen kept alive would render again on every move.
 */
type NavigateOptions = { replace?: boolean };
type Navigate = (to: string | number, options?: NavigateOptions) => void;

let navigator: Navigate = (to, options) => {
  if (typeof to === 'number') window.history.go(to);
  else if (options?.replace) window.location.replace(`#${to}`);
  else window.location.hash = to;
};

export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

/** Goes to an absolute path, or back and forward in history with a number. */
export function navigateTo(to: string | number, options?: NavigateOptions): void {
  navigator(to, options);
}

/** The same function on every render: nothing re-renders or re-runs because the location moved. */
export function useNavigate(): typeof navigateTo {
  return navigateTo;
}
