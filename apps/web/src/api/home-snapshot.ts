import { routes } from '@pixelhall/contract/routes';
import { hashKey, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useSession } from '../state/session';
import { postKeys } from './queries/post-cache';
import type { PostPage } from './queries/posts';

/**
 * A member's Home shows the first page they last saw at once, and with the network off. The
 * service worker keeps only visitors' answers (a member's must never be served to anyone else),
 * so the member's own first page is kept here, on their device, for their session alone: it is
 * dropped whenever the session changes (sign-out, expiry, another member signing in).
 */
const STORAGE_KEY = 'pixelhall.home-snapshot';
const HOME_NEW = postKeys.feed(routes.posts.homePosts, {});

interface Snapshot {
  /** Whose session saved it: a hash of the token, so the secret is not stored twice. */
  owner: string;
  savedAt: number;
  page: PostPage;
}

function ownerOf(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) hash = Math.imul(hash ^ token.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(36);
}

function read(): Snapshot | null {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Snapshot | null;
  } catch {
    return null;
  }
}

function drop(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // No storage, nothing kept.
  }
}

/** Puts the session's snapshot under Home's New feed (stale, so it refreshes), then keeps it current. */
export function keepHomeSnapshot(client: QueryClient): void {
  if (typeof localStorage === 'undefined') return;
  const token = useSession.getState().token;
  const snapshot = read();
  if (snapshot && token && snapshot.owner === ownerOf(token)) {
    const data: InfiniteData<PostPage, string | null> = { pages: [snapshot.page], pageParams: [null] };
    client.setQueryData(HOME_NEW, data, { updatedAt: snapshot.savedAt });
  } else if (snapshot) {
    drop();
  }
  const homeHash = hashKey(HOME_NEW);
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    // A query removed by a session change may still finish its fetch: it belongs to no one now.
    if (event.query.queryHash !== homeHash || client.getQueryCache().get(homeHash) !== event.query) return;
    const current = useSession.getState().token;
    const page = (event.query.state.data as InfiniteData<PostPage> | undefined)?.pages[0];
    if (!current || !page) return;
    try {
      const saved: Snapshot = { owner: ownerOf(current), savedAt: Date.now(), page };
      localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
    } catch {
      // Storage full: the next start asks the network, as without a snapshot.
    }
  });
  useSession.subscribe((state, previous) => {
    if (state.token !== previous.token) drop();
  });
}
