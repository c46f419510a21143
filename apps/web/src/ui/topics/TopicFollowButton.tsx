import type { Topic } from '@pixelhall/contract';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useFollowTopic, useTopicFollowPending } from '../../api/queries/topics';
import { useGuard } from '../../core/guard';
import { nextOverlayZIndex, overlayStyle } from '../../core/overlay';

/** Follow / Following for a topic; visitors go to log in, unfollowing asks first (docs/product/follows-and-blacklist.md#following-topics). */
export function TopicFollowButton({
  topic,
  size = 'small',
}: {
  topic: Pick<Topic, 'id' | 'name' | 'followed'>;
  size?: 'mini' | 'small' | 'middle';
}) {
  const { t } = useTranslation();
  const guard = useGuard();
  const follow = useFollowTopic();
  const pending = useTopicFollowPending(topic.id);
  const onClick = () =>
    guard({
      action: async () => {
        if (topic.followed) {
          const sure = await Dialog.confirm({
            style: overlayStyle(nextOverlayZIndex()),
            content: t('topicUi.unfollowConfirm', { name: topic.name }),
            confirmText: <span className="danger-text">{t('topicUi.unfollow')}</span>,
            cancelText: t('common.cancel'),
          });
          if (!sure) return;
        }
        await follow(topic.id, !topic.followed).catch(() => {});
      },
    });
  return (
    <Button
      size={size}
      shape="rounded"
      color={topic.followed ? 'default' : 'primary'}
      fill={topic.followed ? 'outline' : 'solid'}
      className="topic-follow-button"
      loading={pending}
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
      data-testid="topic-follow"
    >
      {topic.followed ? t('topicUi.following') : t('topicUi.follow')}
    </Button>
  );
}
