import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../core/navigation';
import './rewards-link.css';

/** The nav-bar way to the rewards history (/me/rewards), on the tasks page and the wallet. */
export function RewardsLink() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="rewards-link"
      onClick={() => navigate('/me/rewards')}
      data-testid="rewards-history-link"
    >
      {t('rewardsHistory.open')}
    </button>
  );
}
