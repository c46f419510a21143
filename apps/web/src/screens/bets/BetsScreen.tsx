import { type BetEvent, LEVEL_BET } from '@pixelhall/contract';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBetEvents } from '../../api/queries/bets';
import { useMe } from '../../api/queries/users';
import { Link } from '../../core/hash-router';
import { useRouteQuery } from '../../core/route-context';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { PagedList } from '../../ui/PagedList';
import { Screen } from '../../ui/Screen';
import { BetSheet } from './BetSheet';
import { type BetOption, EventCard } from './EventCard';
import { MyBets } from './MyBets';
import './bets.css';

type Tab = 'place' | 'mine';

/**
 * /me/bets: "Place a bet" (the open events and their odds; the stake, charge and prize are
 * shown before confirming) and "My bets" under the five filters. Bets need level 30.
 */
export default function BetsScreen() {
  const { t } = useTranslation();
  const initial = useRouteQuery().get('tab') === 'mine' ? 'mine' : 'place';
  const [tab, setTab] = useState<Tab>(initial);
  return (
    <Screen>
      <NavBar title={t('betsUi.title')} />
      <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="screen-tabs">
        <Tabs.Tab key="place" title={t('betsUi.place')}>
          <PlaceBet onPlaced={() => setTab('mine')} />
        </Tabs.Tab>
        <Tabs.Tab key="mine" title={t('betsUi.mine')}>
          <MyBets />
        </Tabs.Tab>
      </Tabs>
    </Screen>
  );
}

function PlaceBet({ onPlaced }: { onPlaced: () => void }) {
  const { t } = useTranslation();
  const events = useBetEvents();
  const me = useMe().data;
  const eligible = me ? me.level >= LEVEL_BET : null;
  const [choice, setChoice] = useState<{ event: BetEvent; option: BetOption } | null>(null);
  return (
    <>
      {me && eligible === false && (
        <div className="card bets-gate" data-testid="bets-level-gate">
          <p>
            <strong>{t('betsUi.needLevel', { level: LEVEL_BET })}</strong>
            <span>{t('betsUi.yourLevel', { level: me.level })}</span>
          </p>
          <Link to="/me/grade">{t('betsUi.howToLevel')}</Link>
        </div>
      )}
      <PagedList
        query={events}
        testId="bet-events"
        className="bet-events"
        empty={<EmptyState text={t('betsUi.noEvents')} />}
        renderItem={(event) => (
          <EventCard event={event} eligible={eligible} onChoose={(option) => setChoice({ event, option })} />
        )}
      />
      <BetSheet
        choice={choice}
        onClose={() => setChoice(null)}
        onPlaced={() => {
          setChoice(null);
          onPlaced();
        }}
      />
    </>
  );
}
