/**
 * Navigation for code outside React (the API client's dialogs, the host bridge). The router
 * registers itself at start-up; before that, the hash is set directly.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(`#${to}`);
  else window.location.hash = to;
};

export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator(to, options);
}
