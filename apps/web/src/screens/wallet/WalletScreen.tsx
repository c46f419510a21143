import type { Wallet } from '@pixelhall/contract';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWallet } from '../../api/queries/wallet';
import { useRouteQuery } from '../../core/route-context';
import { CurrencyIcon } from '../../ui/CurrencyIcon';
import { NavBar } from '../../ui/NavBar';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { RewardsLink } from '../../ui/rewards/RewardsLink';
import { Screen } from '../../ui/Screen';
import { ExchangeForm } from './ExchangeForm';
import { WalletHistory } from './WalletHistory';
import './wallet.css';
import { useFormat } from '../../ui/format';

type Tab = 'exchange' | 'history';

/** /me/wallet: the balances, diamonds to gold, and every change of either (the ledger). */
export default function WalletScreen() {
  const { t } = useTranslation();
  const wallet = useWallet();
  const initial = useRouteQuery().get('tab') === 'history' ? 'history' : 'exchange';
  const [tab, setTab] = useState<Tab>(initial);
  return (
    <Screen>
      <NavBar title={t('walletUi.title')} right={<RewardsLink />} />
      {wallet.data ? (
        <Balances wallet={wallet.data} />
      ) : wallet.isError ? (
        <LoadFailed onRetry={() => wallet.refetch()} />
      ) : (
        <Pending />
      )}
      <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="screen-tabs wallet-tabs">
        <Tabs.Tab key="exchange" title={t('walletUi.exchangeAction')}>
          {wallet.data && <ExchangeForm wallet={wallet.data} />}
        </Tabs.Tab>
        <Tabs.Tab key="history" title={t('walletUi.historyAction')}>
          <WalletHistory />
        </Tabs.Tab>
      </Tabs>
    </Screen>
  );
}

function Balances({ wallet }: { wallet: Wallet }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  return (
    <section className="wallet-hero" data-testid="wallet-balances">
      <div className="wallet-hero__tile wallet-hero__tile--gold">
        <CurrencyIcon kind="gold" size={28} coarse />
        <strong data-testid="wallet-gold">{fmt.integer(wallet.gold)}</strong>
        <span>{t('walletUi.gold')}</span>
      </div>
      <div className="wallet-hero__tile wallet-hero__tile--diamonds">
        <CurrencyIcon kind="diamonds" size={26} coarse />
        <strong data-testid="wallet-diamonds">{fmt.integer(wallet.diamonds)}</strong>
        <span>{t('walletUi.diamonds')}</span>
      </div>
    </section>
  );
}
