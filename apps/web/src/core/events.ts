import { useEffect, useRef } from 'react';

/**
 * The app-wide events (docs/product/posts-and-feeds.md#app-wide-events). A screen that changes something others show (a like, a
 * follow …) emits the event with the server's answer; every mounted screen, kept-alive ones
 * included, listens and updates its own copy at once.
 */
export interface AppEvents {
  like: { postId: number; liked: boolean; likeCount: number };
  comment: { postId: number; commentCount: number };
  deletePost: { postId: number };
  share: { postId: number; shareCount: number };
  popstate: { path: string };
  syncingArchive: { gameId: string; syncing: boolean };
  follow: { userId: number; followed: boolean; followerCount?: number };
  signOut: { reason: 'signed-out' | 'expired' };
}
export type AppEventName = keyof AppEvents;

type Listener<N extends AppEventName> = (detail: AppEvents[N]) => void;
const listeners = new Map<AppEventName, Set<Listener<never>>>();

export function emitAppEvent<N extends AppEventName>(name: N, detail: AppEvents[N]): void {
  for (const listener of [...(listeners.get(name) ?? [])]) (listener as Listener<N>)(detail);
}

export function onAppEvent<N extends AppEventName>(name: N, listener: Listener<N>): () => void {
  const set = listeners.get(name) ?? new Set();
  listeners.set(name, set);
  set.add(listener as Listener<never>);
  return () => set.delete(listener as Listener<never>);
}

/** Listens while the component is mounted; the latest handler is always the one called. */
export function useAppEvent<N extends AppEventName>(name: N, handler: Listener<N>): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onAppEvent(name, (detail) => latest.current(detail)), [name]);
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () =>
    emitAppEvent('popstate', { path: window.location.hash.slice(1) }),
  );
}
