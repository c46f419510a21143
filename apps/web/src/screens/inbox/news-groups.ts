import type { News } from '@pixelhall/contract';

type Actor = NonNullable<News['actor']>;

/** Inbox items about one thing, shown as one row: "Ana and 3 others liked your comment". */
export interface NewsGroup {
  /** The newest item's id: a group keeps its row as older pages add to it. */
  id: number;
  /** The group's items, newest first; the first is the row's date, target and quote. */
  items: News[];
  /** Everyone who did it, newest first, each once (a like taken back and given again). */
  actors: Actor[];
  /** Unread while any of its items is. */
  read: boolean;
}

/**
 * What makes items one group: likes of the same post, likes of the same comment, follows.
 * Comments and replies each say something of their own, and operator messages stand alone.
 */
function groupKey(item: News): string | null {
  if (item.kind === 'like') return `like:${item.ref_type ?? 'post'}:${item.ref_id ?? item.post_id}`;
  if (item.kind === 'comment_like') return `comment_like:${item.ref_id}`;
  if (item.kind === 'follow') return 'follow';
  return null;
}

/**
 * Groups the inbox as loaded so far (newest first, every page): each group sits where its
 * newest item is, and an older page adds its items to the groups already shown, so paging
 * never shows the same group twice.
 */
export function groupNews(items: readonly News[]): NewsGroup[] {
  const groups: NewsGroup[] = [];
  const byKey = new Map<string, NewsGroup>();
  const seen = new Set<number>();
  for (const item of items) {
    // Pages of a list that grew meanwhile can repeat an item at their seam.
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    const key = groupKey(item);
    const group = key === null ? undefined : byKey.get(key);
    if (group) {
      group.items.push(item);
      if (item.actor && !group.actors.some((a) => a.id === item.actor!.id)) group.actors.push(item.actor);
      group.read &&= item.read;
      continue;
    }
    const fresh: NewsGroup = {
      id: item.id,
      items: [item],
      actors: item.actor ? [item.actor] : [],
      read: item.read,
    };
    groups.push(fresh);
    if (key !== null) byKey.set(key, fresh);
  }
  return groups;
}
