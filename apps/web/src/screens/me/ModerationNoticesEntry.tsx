import { List } from 'antd-mobile';
import { ExclamationShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useMyModeration } from '../../api/queries/appeals';
import { useNavigate } from '../../core/navigation';
import { useSession } from '../../state/session';

/**
 * The way to the member's moderation notices and appeals (/me/moderation), shown once a
 * moderator has acted on their posts, comments or account. The first page it asks for is the
 * one the screen shows, so the screen opens on it.
 */
export function ModerationNoticesEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => Boolean(s.token));
  const total = useMyModeration(signedIn).data?.pages[0]?.total ?? 0;
  if (!signedIn || total === 0) return null;
  return (
    <List.Item
      prefix={<ExclamationShieldOutline />}
      onClick={() => navigate('/me/moderation')}
      data-testid="moderation-notices-entry"
    >
      {t('appeals.title')}
    </List.Item>
  );
}
