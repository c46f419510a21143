import type { Post } from '@pixelhall/contract';
import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { onAppEvent } from '../../core/events';

/** A change to one post that every cached copy must show (docs/product/posts-and-feeds.md#app-wide-events). */
export type PostChange =
  | {
      kind: 'fields';
      postId: number;
      fields: Partial<Pick<Post, 'liked' | 'like_count' | 'comment_count' | 'share_count'>>;
    }
  | { kind: 'delete'; postId: number }
  /** The server's new copy of the post (unlocked, or restyled by a prop) replaces every old one. */
  | { kind: 'replace'; postId: number; post: Post };

/**
 * Posts are recognised by shape, so every cache that holds them is reached whatever wraps them:
 * infinite feeds, a detail, search answers, a share answer.
 */
function isPost(value: unknown): value is Post {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const o = value as Record<string, unknown>;
  return typeof o.id === 'number' && 'topic_id' in o && 'like_count' in o && 'share_count' in o;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The cached data with the change applied, or the very same reference when nothing in it is
 * touched, so TanStack Query keeps untouched queries as they are. A deleted post leaves every
 * list it was in (and that list's `total` drops by as many); a lone copy (a detail) stays for
 * its screen to handle.
 */
export function applyPostChange<T>(data: T, change: PostChange): T {
  return walk(data, change) as T;
}

function walk(value: unknown, change: PostChange): unknown {
  if (isPost(value)) {
    if (value.id !== change.postId || change.kind === 'delete') return value;
    if (change.kind === 'replace') return change.post;
    const changed = Object.entries(change.fields).some(([k, v]) => value[k as keyof Post] !== v);
    return changed ? { ...value, ...change.fields } : value;
  }
  if (Array.isArray(value)) {
    let changed = false;
    const next: unknown[] = [];
    for (const item of value) {
      if (change.kind === 'delete' && isPost(item) && item.id === change.postId) {
        changed = true;
        continue;
      }
      const mapped = walk(item, change);
      if (mapped !== item) changed = true;
      next.push(mapped);
    }
    return changed ? next : value;
  }
  if (isPlainObject(value)) {
    let next: Record<string, unknown> | null = null;
    for (const [key, item] of Object.entries(value)) {
      const mapped = walk(item, change);
      if (mapped !== item) {
        next ??= { ...value };
        next[key] = mapped;
      }
    }
    if (!next) return value;
    const before = value.list;
    const after = next.list;
    if (Array.isArray(before) && Array.isArray(after) && typeof value.total === 'number') {
      next.total = Math.max(0, value.total - (before.length - after.length));
    }
    return next;
  }
  return value;
}

/** Home feeds live under ['home'], every other post list and post under ['posts'] (a sign-in clears both: docs/product/accounts-and-sessions.md#session-transitions). */
export const postKeys = {
  all: ['posts'] as const,
  detail: (id: number) => ['posts', 'detail', id] as const,
  styles: ['posts', 'styles'] as const,
  feed: (def: { path: string }, payload: object): QueryKey =>
    def.path.startsWith('home/') ? ['home', def.path, payload] : ['posts', 'feed', def.path, payload],
};

/** Where copies of posts are cached: feeds, details, search answers, member pages. */
const POST_CACHE_ROOTS = ['home', 'posts', 'search', 'users'] as const;

/** Puts one change into every cached copy of the post, wherever it is cached. */
export function updatePostCaches(client: QueryClient, change: PostChange): void {
  for (const root of POST_CACHE_ROOTS) {
    client.setQueriesData({ queryKey: [root] }, (data: unknown) =>
      data === undefined ? data : applyPostChange(data, change),
    );
  }
}

const synced = new WeakSet<QueryClient>();

/**
 * The app-wide post events (docs/product/posts-and-feeds.md#app-wide-events) reach every cache of `client` at once, so kept-alive
 * screens that are hidden show the new counts when they come back. Once per client.
 */
export function syncPostEvents(client: QueryClient): void {
  if (synced.has(client)) return;
  synced.add(client);
  const update = (change: PostChange) => updatePostCaches(client, change);
  onAppEvent('like', ({ postId, liked, likeCount }) =>
    update({ kind: 'fields', postId, fields: { liked, like_count: likeCount } }),
  );
  onAppEvent('comment', ({ postId, commentCount }) =>
    update({ kind: 'fields', postId, fields: { comment_count: commentCount } }),
  );
  onAppEvent('share', ({ postId, shareCount }) =>
    update({ kind: 'fields', postId, fields: { share_count: shareCount } }),
  );
  onAppEvent('deletePost', ({ postId }) => update({ kind: 'delete', postId }));
}

/** The posts of every loaded page, each once: a post that moved up between pages shows once. */
export function feedPosts(data: InfiniteData<{ list: Post[] }> | undefined): Post[] {
  if (!data) return [];
  const seen = new Set<number>();
  const posts: Post[] = [];
  for (const page of data.pages) {
    for (const post of page.list) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}
