import type { User } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useWallet } from '../../api/queries/wallet';
import { useNavigate } from '../../core/navigation';
import { CurrencyIcon } from '../../ui/CurrencyIcon';
import './wallet-card.css';
import { useFormat } from '../../ui/format';

/**
 * The wallet on Me: gold and diamonds at a glance, and the ways to exchange, to the history and
 * to the props shop. get/user already carries the balances, so they show before user/wallet answers.
 */
export function WalletCard({ user }: { user: User }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallet = useWallet();
  const gold = wallet.data?.gold ?? user.gold ?? 0;
  const diamonds = wallet.data?.diamonds ?? user.diamonds ?? 0;
  return (
    <section className="section">
      <div className="card wallet-card" data-testid="wallet-card">
        <button type="button" className="wallet-card__head" onClick={() => navigate('/me/wallet')}>
          <span className="wallet-card__title">{t('walletUi.title')}</span>
          <RightOutline />
        </button>
        <div className="wallet-card__balances">
          <button
            type="button"
            className="wallet-balance"
            onClick={() => navigate('/me/wallet')}
            title={fmt.integer(gold)}
            data-testid="wallet-gold"
          >
            <CurrencyIcon kind="gold" size={22} coarse />
            <strong>{fmt.compact(gold)}</strong>
            <span>{t('walletUi.gold')}</span>
          </button>
          <button
            type="button"
            className="wallet-balance"
            onClick={() => navigate('/me/wallet')}
            title={fmt.integer(diamonds)}
            data-testid="wallet-diamonds"
          >
            <CurrencyIcon kind="diamonds" size={20} coarse />
            <strong>{fmt.compact(diamonds)}</strong>
            <span>{t('walletUi.diamonds')}</span>
          </button>
        </div>
        <div className="wallet-card__actions">
          <Button size="small" shape="rounded" onClick={() => navigate('/me/wallet?tab=exchange')}>
            {t('walletUi.exchangeAction')}
          </Button>
          <Button size="small" shape="rounded" onClick={() => navigate('/me/wallet?tab=history')}>
            {t('walletUi.historyAction')}
          </Button>
          <Button
            size="small"
            shape="rounded"
            color="primary"
            fill="outline"
            onClick={() => navigate('/me/props')}
            data-testid="wallet-props"
          >
            {t('propsUi.title')}
          </Button>
        </div>
      </div>
    </section>
  );
}
