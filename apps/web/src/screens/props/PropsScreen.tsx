import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWallet } from '../../api/queries/wallet';
import { useNavigate } from '../../core/navigation';
import { useRouteQuery } from '../../core/route-context';
import { CurrencyIcon } from '../../ui/CurrencyIcon';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import { MyProps } from './MyProps';
import { PropShop } from './PropShop';
import './props.css';
import { useFormat } from '../../ui/format';

export type PropsTab = 'shop' | 'mine';

/** /me/props: the shop (gold or diamonds) and the member's own props, with the balances at hand. */
export default function PropsScreen() {
  const { t } = useTranslation();
  const initial = useRouteQuery().get('tab') === 'mine' ? 'mine' : 'shop';
  const [tab, setTab] = useState<PropsTab>(initial);
  return (
    <Screen>
      <NavBar title={t('propsUi.title')} right={<BalanceChips />} />
      <Tabs activeKey={tab} onChange={(key) => setTab(key as PropsTab)} className="screen-tabs">
        <Tabs.Tab key="shop" title={t('propsUi.shopTab')}>
          <PropShop />
        </Tabs.Tab>
        <Tabs.Tab key="mine" title={t('propsUi.mineTab')}>
          <MyProps onShop={() => setTab('shop')} />
        </Tabs.Tab>
      </Tabs>
    </Screen>
  );
}

/** What the member can spend, one tap from the wallet. */
function BalanceChips() {
  const fmt = useFormat();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallet = useWallet().data;
  if (!wallet) return null;
  return (
    <button
      type="button"
      className="balance-chips"
      aria-label={t('walletUi.title')}
      onClick={() => navigate('/me/wallet')}
      data-testid="props-balances"
    >
      <span>
        <CurrencyIcon kind="gold" size={12} coarse />
        {fmt.integer(wallet.gold)}
      </span>
      <span>
        <CurrencyIcon kind="diamonds" size={11} coarse />
        {fmt.integer(wallet.diamonds)}
      </span>
    </button>
  );
}
