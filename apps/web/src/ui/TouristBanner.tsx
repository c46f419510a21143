import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../core/navigation';

/**
 * A visitor account may browse but not shape a profile; registering turns it into a member
 * and keeps everything it did (reg/user).
 */
export function TouristBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="card tourist-banner" data-testid="tourist-banner">
      <div>
        <strong>{t('profileUi.me.touristTitle')}</strong>
        <p className="muted">{t('profileUi.me.touristText')}</p>
      </div>
      <Button size="small" color="primary" shape="rounded" onClick={() => navigate('/auth/register')}>
        {t('profileUi.me.createAccount')}
      </Button>
    </div>
  );
}
