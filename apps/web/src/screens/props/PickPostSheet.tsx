import type { Post, Prop } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { Button } from 'antd-mobile';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedPosts, usePostFeed, usePostStyles } from '../../api/queries/posts';
import { useNavigate } from '../../core/navigation';
import { BottomSheet } from '../../ui/BottomSheet';
import { EmptyState } from '../../ui/EmptyState';
import { useRelativeTime } from '../../ui/format';
import { TopicPinBadge } from '../../ui/posts/TopicPinBadge';
import { useApplyPostProp } from '../../ui/props/apply-post-prop';
import { PropIcon } from '../../ui/props/PropIcon';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import '../../ui/props/props.css';

/** The member's own posts, as /me/posts lists them (the same cache). */
const MY_POSTS = { tab: 'posts' } as const;

/**
 * From My props: which of the member's posts the prop goes on. Once applied, the post opens so
 * the member sees the new colour, frame or pin.
 */
export function PickPostSheet({ prop, onClose }: { prop: Prop | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const visible = prop !== null;
  // Kept while the sheet slides away, so its content does not vanish mid-animation.
  const [shown, setShown] = useState<Prop | null>(prop);
  if (prop && prop !== shown) setShown(prop);
  const feed = usePostFeed(routes.posts.userPosts, MY_POSTS, { enabled: visible });
  const posts = feedPosts(feed.data);
  const { apply, pending } = useApplyPostProp();
  return (
    <BottomSheet visible={visible} onClose={onClose} className="prop-sheet">
      {shown && (
        <div className="prop-sheet__head">
          <PropIcon prop={shown} size={36} />
          <div>
            <h2 className="prop-sheet__title">{t('propsUi.pickPost.title', { name: shown.name })}</h2>
            <p className="prop-sheet__hint muted">{t('propsUi.pickPost.hint')}</p>
          </div>
        </div>
      )}
      {feed.isPending ? (
        <Pending />
      ) : feed.isError && !posts.length ? (
        <LoadFailed onRetry={() => feed.refetch()} />
      ) : posts.length === 0 ? (
        <EmptyState text={t('propsUi.pickPost.empty')}>
          <Button
            color="primary"
            shape="rounded"
            onClick={() => {
              onClose();
              navigate('/note');
            }}
          >
            {t('propsUi.pickPost.write')}
          </Button>
        </EmptyState>
      ) : (
        <>
          <ul className="prop-sheet__list" data-testid="pick-post">
            {posts.map((post) => (
              <li key={post.id}>
                <PostChoice
                  post={post}
                  disabled={pending}
                  onChoose={async () => {
                    if (!shown || !(await apply(post.id, shown))) return;
                    onClose();
                    navigate(`/post/${post.id}`);
                  }}
                />
              </li>
            ))}
          </ul>
          {feed.hasNextPage && (
            <Button
              block
              fill="none"
              loading={feed.isFetchingNextPage}
              onClick={() => void feed.fetchNextPage()}
            >
              {t('propsUi.pickPost.more')}
            </Button>
          )}
        </>
      )}
    </BottomSheet>
  );
}

function PostChoice({ post, disabled, onChoose }: { post: Post; disabled: boolean; onChoose: () => void }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const styles = usePostStyles().data;
  const color = post.color ? styles?.colors.find((c) => c.id === post.color)?.value : undefined;
  return (
    <button
      type="button"
      className="post-choice"
      disabled={disabled}
      onClick={onChoose}
      data-testid="post-choice"
      data-post-id={post.id}
    >
      <span
        className={`post-choice__color${color ? '' : ' post-choice__color--none'}`}
        style={color ? ({ '--post-color': color } as CSSProperties) : undefined}
        aria-hidden="true"
      />
      <span className="post-choice__text">
        <strong>{post.text.trim() || t('propsUi.pickPost.noText')}</strong>
        <span className="post-choice__meta muted">
          {post.topic.name} · {relative(post.created_at)}
          <TopicPinBadge until={post.topic_pinned_until} />
        </span>
      </span>
    </button>
  );
}
