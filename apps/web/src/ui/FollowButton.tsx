import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useFollow, useFollowPending } from '../api/queries/follows';
import { confirmAction } from '../core/confirm';
import { useGuard } from '../core/guard';
import type { TKey } from '../i18n/keys';
import { useSession } from '../state/session';

export interface FollowTarget {
  id: number;
  nickname: string;
  followed: boolean;
  /** They follow the viewer: "Follow back", or "Friends" once both follow. */
  follows_you?: boolean;
}

/** The label of the button for the viewer's relation to the member. */
export function followLabelKey(target: Pick<FollowTarget, 'followed' | 'follows_you'>): TKey {
  if (target.followed) return target.follows_you ? 'follows.button.friends' : 'follows.button.following';
  return target.follows_you ? 'follows.button.followBack' : 'follows.button.follow';
}

/**
 * Follow / Following / Friends for a member. A visitor is sent to log in; unfollowing asks
 * first. Nothing is shown beside the viewer's own name.
 */
export function FollowButton({
  target,
  size = 'small',
  block,
  disabled,
}: {
  target: FollowTarget;
  size?: 'mini' | 'small' | 'middle' | 'large';
  block?: boolean;
  /** While the relation is not known yet. */
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const guard = useGuard();
  const follow = useFollow();
  const pending = useFollowPending(target.id);
  const myId = useSession((s) => s.user?.id);
  if (myId === target.id) return null;

  const askToUnfollow = () =>
    confirmAction({
      content: t('follows.unfollowConfirm', { name: target.nickname }),
      confirmText: t('follows.unfollow'),
      danger: true,
    });
  const onClick = () => {
    const follows = !target.followed;
    guard({
      action: async () => {
        if (!follows && !(await askToUnfollow())) return;
        await follow(target.id, follows);
      },
    });
  };

  return (
    <Button
      size={size}
      block={block}
      shape="rounded"
      color={target.followed ? 'default' : 'primary'}
      fill={target.followed ? 'outline' : 'solid'}
      className={`follow-button${target.followed ? ' follow-button--on' : ''}`}
      loading={pending}
      disabled={disabled}
      onClick={onClick}
      data-testid="follow-button"
    >
      {t(followLabelKey(target))}
    </Button>
  );
}
