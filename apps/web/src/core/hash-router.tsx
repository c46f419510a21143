import {
  type AnchorHTMLAttributes,
  type MouseEvent,
  startTransition,
  useEffect,
  useLayoutEffect,
  useState,
} from 'react';

/**
 * The app's router: the path lives in the URL's hash (`#/post/7?x=1`), each entry of the
 * browser's history carries `{ key, idx }` in its state, as react-router's hash history did
 * (screens read `history.state.idx` to know whether there is a screen of ours to go back to).
 * Matching is the route table's business (`route-match.ts`); this is only the location, moving
 * it, and links. A few hundred bytes instead of react-router on the first screen.
 */

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Tells two visits of the same path apart: new on every push and replace. */
  key: string;
}

interface EntryState {
  key?: string;
  idx?: number | null;
}

const entryState = (): EntryState | null => window.history.state as EntryState | null;

function readLocation(): Location {
  const path = window.location.hash.slice(1);
  const hashAt = path.indexOf('#');
  const beforeHash = hashAt === -1 ? path : path.slice(0, hashAt);
  const searchAt = beforeHash.indexOf('?');
  let pathname = searchAt === -1 ? beforeHash : beforeHash.slice(0, searchAt);
  if (!pathname) pathname = '/';
  else if (!pathname.startsWith('/') && !pathname.startsWith('.')) pathname = `/${pathname}`;
  return {
    pathname,
    search: searchAt === -1 ? '' : beforeHash.slice(searchAt),
    hash: hashAt === -1 ? '' : path.slice(hashAt),
    key: entryState()?.key ?? 'default',
  };
}

let current: Location | null = null;
const listeners = new Set<(location: Location) => void>();

/**
 * Tells every reader of the location, in one transition, as react-router did: they all render
 * the same move together, and React may keep what is on screen while it renders.
 */
function changed(): void {
  const next = readLocation();
  current = next;
  startTransition(() => {
    for (const listener of listeners) listener(next);
  });
}

/** The location now; the first call numbers the entry the app opened on. */
export function getLocation(): Location {
  if (!current) {
    if (entryState()?.idx == null) window.history.replaceState({ ...entryState(), idx: 0 }, '');
    window.addEventListener('popstate', changed);
    current = readLocation();
  }
  return current;
}

export type NavigateOptions = { replace?: boolean };

const newKey = () => Math.random().toString(36).slice(2, 10);

/**
 * Goes to an absolute path (a new history entry, or this one with `replace`), or back and
 * forward with a number.
 */
export function navigate(to: string | number, options?: NavigateOptions): void {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  getLocation();
  const idx = entryState()?.idx;
  const url = `${window.location.href.split('#')[0]}#${to}`;
  if (options?.replace) {
    window.history.replaceState({ key: newKey(), idx }, '', url);
  } else {
    // An entry made by editing the hash has no number; react-router counted on from 0 as well.
    window.history.pushState({ key: newKey(), idx: (idx ?? 0) + 1 }, '', url);
  }
  changed();
}

/** The location, re-rendering when it moves. */
export function useLocation(): Location {
  const [location, setLocation] = useState(getLocation);
  useLayoutEffect(() => {
    listeners.add(setLocation);
    // A move between the first render and now (the same location leaves the state alone).
    setLocation(getLocation());
    return () => {
      listeners.delete(setLocation);
    };
  }, []);
  return location;
}

/** Moves to `to` once rendered. */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  useEffect(() => {
    navigate(to, { replace });
  }, [to, replace]);
  return null;
}

/** Whether a click is a plain one the app should handle, rather than the browser (new tab …). */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** A link to an app path: a real `href` (open in a new tab works), moved in the app on a plain click. */
export function Link({
  to,
  replace,
  onClick,
  ...props
}: { to: string; replace?: boolean } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  return (
    <a
      {...props}
      href={`#${to}`}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        // A link to where the app already is replaces the entry rather than stacking a copy.
        const here = getLocation();
        navigate(to, { replace: replace ?? `${here.pathname}${here.search}${here.hash}` === to });
      }}
    />
  );
}
