import { Badge, List } from 'antd-mobile';
import {
  BellOutline,
  ContentOutline,
  HeartOutline,
  MessageOutline,
  SoundMuteOutline,
  StopOutline,
} from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLatestNews } from '../../api/queries/news';
import { useNavigate } from '../../core/navigation';
import { ModerationEntry } from './ModerationEntry';
import { ModerationNoticesEntry } from './ModerationNoticesEntry';

/** The member's own community corners on Me: posts, comments, upvoted, the inbox, the blacklist and mutes. */
export function CommunityEntries() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useLatestNews().data?.unread ?? 0;
  return (
    <section className="section">
      <List className="list-card" data-testid="community-entries">
        <ModerationEntry />
        <List.Item
          prefix={<BellOutline />}
          extra={
            unread > 0 ? <Badge content={unread > 99 ? '99+' : unread} data-testid="news-badge" /> : null
          }
          onClick={() => navigate('/me/news')}
        >
          {t('inbox.title')}
        </List.Item>
        <List.Item prefix={<ContentOutline />} onClick={() => navigate('/me/posts')}>
          {t('userPage.mine.posts')}
        </List.Item>
        <List.Item prefix={<MessageOutline />} onClick={() => navigate('/me/comment')}>
          {t('userPage.mine.comments')}
        </List.Item>
        <List.Item prefix={<HeartOutline />} onClick={() => navigate('/me/upvoted')}>
          {t('userPage.mine.upvoted')}
        </List.Item>
        <List.Item prefix={<StopOutline />} onClick={() => navigate('/me/blacklist')}>
          {t('blacklistUi.title')}
        </List.Item>
        <List.Item
          prefix={<SoundMuteOutline />}
          onClick={() => navigate('/me/mute')}
          data-testid="mute-entry"
        >
          {t('muteUi.title')}
        </List.Item>
        <ModerationNoticesEntry />
      </List>
    </section>
  );
}
