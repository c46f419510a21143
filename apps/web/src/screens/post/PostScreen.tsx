import type { Post } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { Button, type TextAreaRef } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import type { CommentSort } from '../../api/queries/comments';
import { useTranslateEnabled } from '../../api/queries/post-detail';
import { feedPosts, isAdultConfirmError, usePost, usePostFeed } from '../../api/queries/posts';
import { useGuard } from '../../core/guard';
import { useLongPress } from '../../core/long-press';
import { useNavigate } from '../../core/navigation';
import { useRouteParams } from '../../core/route-context';
import { useAdultConfirmation } from '../../state/adult';
import { NavBar } from '../../ui/NavBar';
import { PostCard } from '../../ui/posts/PostCard';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { CommentComposer } from './comments/CommentComposer';
import type { ReplyTarget } from './comments/CommentItem';
import { CommentList } from './comments/CommentList';
import { PostContent } from './PostContent';
import { PostMenu } from './PostMenu';
import { usePostActions } from './usePostActions';
import './post.css';

/** Posts to read next under a post: a few, so the comments stay within reach. */
const RECOMMENDED = 3;

/**
 * A post with everything in it, the posts to read next, and its comments with the bar to
 * write one. Adult topics ask the reader's age first; the answer is remembered on the device.
 */
export default function PostScreen() {
  const { t } = useTranslation();
  const id = Number(useRouteParams().id);
  const adult = useAdultConfirmation();
  const query = usePost(id, { adultConfirmed: adult.confirmed });
  const post = query.data;
  const actions = usePostActions(post);
  const canTranslate = useTranslateEnabled();
  const needsAge = !post && isAdultConfirmError(query.error);
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <Screen>
      <NavBar
        title={t('postDetail.title')}
        right={
          post ? (
            <PostMenu
              post={post}
              open={menuOpen}
              onOpenChange={setMenuOpen}
              canTranslate={canTranslate && post.text.trim() !== ''}
              translated={actions.translation !== null}
              onShare={actions.share}
              onTranslate={() => void actions.translate()}
              onDelete={() => void actions.remove()}
            />
          ) : null
        }
      />
      {post ? (
        <PostPage post={post} actions={actions} onLongPress={() => setMenuOpen(true)} />
      ) : needsAge ? (
        <AgeGate onConfirm={adult.confirm} />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Pending />
      )}
    </Screen>
  );
}

function PostPage({
  post,
  actions,
  onLongPress,
}: {
  post: Post;
  actions: ReturnType<typeof usePostActions>;
  /** A long press on the post opens its menu (the "…" in the nav bar does the same). */
  onLongPress: () => void;
}) {
  const guard = useGuard();
  const longPress = useLongPress(onLongPress);
  const [sort, setSort] = useState<CommentSort>('new');
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const input = useRef<TextAreaRef>(null);
  const comments = () => {
    document.getElementById('comments')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    input.current?.focus();
  };
  const reply = (target: ReplyTarget) =>
    guard({
      action: () => {
        setReplyTo(target);
        input.current?.focus();
      },
    });
  return (
    <>
      <div className="long-press" {...longPress} data-testid="post-press">
        <PostContent
          post={post}
          translation={actions.translation}
          onComments={comments}
          onShare={actions.share}
        />
      </div>
      <CommentList post={post} sort={sort} onSortChange={setSort} onReply={reply} />
      <Recommended postId={post.id} />
      <CommentComposer
        post={post}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onPosted={() => setSort('new')}
        inputRef={input}
      />
    </>
  );
}

function Recommended({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const feed = usePostFeed(routes.posts.recommendPosts, { post_id: postId, num: RECOMMENDED });
  const posts = feedPosts(feed.data)
    .filter((p) => p.id !== postId)
    .slice(0, RECOMMENDED);
  if (!posts.length) return null;
  return (
    <section className="post-recommended" data-testid="post-recommended">
      <h2 className="section__title">{t('postDetail.recommended')}</h2>
      <div className="post-list">
        {posts.map((p) => (
          <PostCard key={p.id} post={p} />
        ))}
      </div>
    </section>
  );
}

/** "Are you 18+ years old?" before a post of an adult topic (docs/product/posts-and-feeds.md#adult-topics). */
function AgeGate({ onConfirm }: { onConfirm: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = () => {
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate('/home', { replace: true });
  };
  return (
    <div className="age-gate" data-testid="age-gate">
      <span className="age-gate__badge">18+</span>
      <h2>{t('errors.adult_confirm')}</h2>
      <p className="muted">{t('postDetail.adultExplain')}</p>
      <div className="age-gate__actions">
        <Button block shape="rounded" onClick={leave} data-testid="age-gate-no">
          {t('postDetail.adultNo')}
        </Button>
        <Button block shape="rounded" color="primary" onClick={onConfirm} data-testid="age-gate-yes">
          {t('postDetail.adultYes')}
        </Button>
      </div>
    </div>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  // A business answer (deleted post, blocked author) says why; asking again will not change it.
  const business = error instanceof ApiError && error.kind === 'business';
  return (
    <LoadFailed
      text={business ? error.message : undefined}
      onRetry={business ? undefined : onRetry}
      retryText={t('postDetail.retry')}
    />
  );
}
