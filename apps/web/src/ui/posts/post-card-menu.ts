import type { Post } from '@pixelhall/contract';

/**
 * A long press on a feed's post card opens the post's menu (docs/product/posts-and-feeds.md).
 * The card only says which post it shows; the shell's card menus, loaded after the first screen
 * so its code carries none of this, watch the presses on every card at once.
 */
const cards = new WeakMap<Element, Post>();

/** A card's ref: the post its element shows, for the menu a press on it opens. */
export function rememberPostCard(element: Element | null, post: Post): void {
  if (element) cards.set(element, post);
}

/** The post of the card a pointer went down in, if any. */
export function postCardAt(target: EventTarget | null): Post | undefined {
  const card = target instanceof Element ? target.closest('.post-card') : null;
  return card ? cards.get(card) : undefined;
}
