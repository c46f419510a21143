import { PROP_BUY_MAX, type Prop } from '@pixelhall/contract';
import { Button, Stepper } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuyProp, useShop } from '../../api/queries/props';
import { confirmAction } from '../../core/confirm';
import { CurrencyIcon } from '../../ui/CurrencyIcon';
import { EmptyState } from '../../ui/EmptyState';
import { useFormat } from '../../ui/format';
import { PropIcon } from '../../ui/props/PropIcon';
import { buyTotal, clampQuantity } from '../../ui/props/prop-rules';
import { LoadFailed, Pending } from '../../ui/QueryStates';

/** The shop: every prop with what it does, its price, how long it keeps, and a quantity to buy. */
export function PropShop() {
  const { t } = useTranslation();
  const shop = useShop();
  if (shop.isPending) return <Pending />;
  if (shop.isError) return <LoadFailed onRetry={() => shop.refetch()} />;
  if (!shop.data.list.length) return <EmptyState text={t('propsUi.shop.empty')} />;
  return (
    <ul className="prop-list" data-testid="prop-shop">
      {shop.data.list.map((prop) => (
        <li key={prop.id}>
          <ShopItem prop={prop} />
        </li>
      ))}
    </ul>
  );
}

function ShopItem({ prop }: { prop: Prop }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const buy = useBuyProp();
  const [num, setNum] = useState(1);
  // The confirmation is open or the purchase is on its way: a second tap must not buy again.
  const busy = useRef(false);

  const purchase = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      const total = fmt.integer(buyTotal(prop, num));
      const params = { num, name: prop.name, total };
      const sure = await confirmAction({
        title: t('propsUi.buy.confirmTitle'),
        content:
          prop.currency === 'gold'
            ? t('propsUi.buy.confirmGold', params)
            : t('propsUi.buy.confirmDiamonds', params),
        confirmText: t('propsUi.buy.action'),
      });
      if (!sure) return;
      await buy.mutateAsync({ prop, num });
      setNum(1);
    } catch {
      // Shown already: "Not enough coins", "Insufficient diamond balance" or "Load failed".
    } finally {
      busy.current = false;
    }
  };

  return (
    <article className="prop-card" data-testid="prop-card" data-prop-code={prop.code}>
      <PropIcon prop={prop} />
      <div className="prop-card__body">
        <h3 className="prop-card__name">{prop.name}</h3>
        <p className="prop-card__description">{prop.description}</p>
        <p className="prop-card__shelf">
          <ClockCircleOutline />
          {prop.shelf_days === null
            ? t('propsUi.shelf.never')
            : t('propsUi.shelf.days', { count: prop.shelf_days })}
        </p>
        <div className="prop-card__buy">
          <span className="prop-price" data-testid="prop-price">
            <CurrencyIcon kind={prop.currency} size={14} coarse />
            {fmt.integer(prop.price)}
          </span>
          <Stepper
            className="prop-card__stepper"
            min={1}
            max={PROP_BUY_MAX}
            digits={0}
            value={num}
            onChange={(value) => setNum(clampQuantity(value))}
            aria-label={t('propsUi.buy.quantity')}
            data-testid="prop-quantity"
          />
          <Button
            size="small"
            color="primary"
            shape="rounded"
            loading={buy.isPending}
            disabled={buy.isPending}
            onClick={() => void purchase()}
            data-testid="prop-buy"
          >
            {t('propsUi.buy.action')}
          </Button>
        </div>
      </div>
    </article>
  );
}
