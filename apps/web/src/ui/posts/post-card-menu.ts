import type { Post } from '@pixelhall/contract';
import { createContext, useContext } from 'react';

/**
 * Opens a post's menu from a feed card (a long press, docs/product/posts-and-feeds.md). The shell provides it above the
 * screens, so every feed's cards share the post page's menu; without it a card has no menu.
 */
export const PostCardMenuContext = createContext<((post: Post) => void) | null>(null);

export function usePostCardMenu(): ((post: Post) => void) | null {
  return useContext(PostCardMenuContext);
}
