import type { Post } from '@pixelhall/contract';
import { PostMenu } from './PostMenu';
import { usePostActions } from './usePostActions';

/** A deleted post's card leaves every feed through the `deletePost` event; the feed stays put. */
const stayOnFeed = () => undefined;

/**
 * The post page's menu for a card held in a feed (docs/product/posts-and-feeds.md): share, report, and the author's
 * entries, with no "…" of its own. Translating is left to the post page, where it shows.
 */
export default function FeedPostMenu({
  post,
  open,
  onOpenChange,
}: {
  post: Post;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const actions = usePostActions(post, { onDeleted: stayOnFeed });
  return (
    <PostMenu
      post={post}
      open={open}
      onOpenChange={onOpenChange}
      canTranslate={false}
      translated={false}
      onShare={actions.share}
      onDelete={() => void actions.remove()}
      trigger={false}
    />
  );
}
