import { BET_FILTERS, type Bet } from '@pixelhall/contract';
import { CapsuleTabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BetFilter, useBetList } from '../../api/queries/bets';
import { CurrencyIcon } from '../../ui/CurrencyIcon';
import { EmptyState } from '../../ui/EmptyState';
import { useFormat } from '../../ui/format';
import { PagedList } from '../../ui/PagedList';
import { formatOdds } from './bet-preview';

/** The member's bets under the five filters (docs/product/bets.md#bet-status): all, in game, won, lost, waiting. */
export function MyBets() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<BetFilter>('all');
  return (
    <>
      <CapsuleTabs activeKey={filter} onChange={(key) => setFilter(key as BetFilter)} className="bet-filters">
        {BET_FILTERS.map((f) => (
          <CapsuleTabs.Tab key={f} title={t(`betsUi.filter.${f}`)} />
        ))}
      </CapsuleTabs>
      <BetList key={filter} filter={filter} />
    </>
  );
}

function BetList({ filter }: { filter: BetFilter }) {
  const { t } = useTranslation();
  const query = useBetList(filter);
  return (
    <PagedList
      query={query}
      testId="bet-list"
      className="bet-list"
      empty={<EmptyState text={t(filter === 'all' ? 'betsUi.noBets' : 'betsUi.noBetsHere')} />}
      renderItem={(bet) => <BetCard bet={bet} />}
    />
  );
}

function BetCard({ bet }: { bet: Bet }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const settled = bet.status === 'won' || bet.status === 'lost';
  const prizeLabel = settled || bet.status === 'refunded' ? t('betsUi.prize') : t('betsUi.potentialPrize');
  const prize =
    bet.status === 'refunded'
      ? t('betsUi.refundedAmount', { amount: fmt.integer(bet.amount) })
      : fmt.integer(bet.prize);
  return (
    <article className={`bet-card bet-card--${bet.status}`} data-testid="bet-card" data-status={bet.status}>
      <header className="bet-card__head">
        <h3 className="bet-card__event">{bet.event.title}</h3>
        <span className={`bet-status bet-status--${bet.status}`} data-testid="bet-status">
          {t(`betsUi.status.${bet.status}`)}
        </span>
      </header>
      <p className="bet-card__pick">
        {t('betsUi.yourPick')} <strong>{bet.option.label}</strong>
      </p>
      <dl className="bet-card__grid">
        <div>
          <dt>{t('betsUi.amount')}</dt>
          <dd className="bet-card__money">
            <CurrencyIcon kind="gold" size={13} />
            {fmt.integer(bet.amount)}
          </dd>
        </div>
        <div>
          <dt>{t('betsUi.odds')}</dt>
          <dd>×{formatOdds(bet.odds, fmt)}</dd>
        </div>
        <div>
          <dt>{t('betsUi.winner')}</dt>
          <dd>{bet.winner ?? '—'}</dd>
        </div>
        <div>
          <dt>{prizeLabel}</dt>
          <dd className={`bet-card__money${bet.status === 'won' ? ' bet-card__money--won' : ''}`}>
            <CurrencyIcon kind="gold" size={13} />
            {bet.status === 'lost' ? '0' : prize}
          </dd>
        </div>
      </dl>
      <dl className="bet-card__times">
        <div>
          <dt>{t('betsUi.bettingTime')}</dt>
          <dd>{fmt.dateTime(bet.created_at)}</dd>
        </div>
        <div>
          <dt>{t('betsUi.settlementTime')}</dt>
          <dd>{bet.settled_at ? fmt.dateTime(bet.settled_at) : '—'}</dd>
        </div>
      </dl>
      {bet.charge > 0 && bet.status === 'won' ? (
        <p className="bet-card__charge">{t('betsUi.chargeTaken', { amount: fmt.integer(bet.charge) })}</p>
      ) : null}
    </article>
  );
}
