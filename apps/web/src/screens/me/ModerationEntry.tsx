import { Badge, List } from 'antd-mobile';
import { CheckShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useModOverview } from '../../api/queries/moderation';
import { useStanding } from '../../api/queries/standing';
import { useNavigate } from '../../core/navigation';

/**
 * The way into the moderators' desk, for moderators and administrators only, with what waits
 * there (open reports, held posts, open appeals) as its badge. Members see nothing: the desk
 * does not exist for them (docs/product/moderation.md#the-desk-on-screen).
 */
export function ModerationEntry() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useStanding().data?.role;
  const staff = role === 'moderator' || role === 'admin';
  const counts = useModOverview(staff).data?.counts;
  if (!staff) return null;
  const waiting = counts ? counts.reports + counts.held + counts.appeals : 0;
  return (
    <List.Item
      prefix={<CheckShieldOutline />}
      extra={
        waiting > 0 ? <Badge content={waiting > 99 ? '99+' : waiting} data-testid="mod-entry-badge" /> : null
      }
      onClick={() => navigate('/mod')}
      data-testid="mod-entry"
    >
      {t('modDesk.entry')}
    </List.Item>
  );
}
