import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModOverview } from '../../api/queries/moderation';
import { useStanding } from '../../api/queries/standing';
import { useRouteQuery } from '../../core/route-context';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import AppealsTab from './AppealsTab';
import FiltersTab from './FiltersTab';
import HeldTab from './HeldTab';
import LogTab from './LogTab';
import ReportsTab from './ReportsTab';
import StaffTab from './StaffTab';
import './mod.css';

const TABS = ['reports', 'held', 'appeals', 'log', 'staff', 'filters'] as const;
type Tab = (typeof TABS)[number];
const ADMIN_TABS: ReadonlySet<Tab> = new Set(['log', 'staff', 'filters']);

/**
 * The tab a moderator left: opening a post from a card and coming back finds the same queue
 * (the screen is made afresh on return). Kept for this visit of the app only.
 */
let lastTab: Tab = 'reports';

/**
 * /mod, the moderators' desk (docs/product/moderation.md#the-desk-on-screen): the report queue, posts held
 * for review and appeals, with their counts; for administrators also the log, the staff and the
 * filters. The route shows it to staff only (shell/ModRoute.tsx); the server answers every desk
 * call of anyone else with "not found" all the same.
 */
export default function ModScreen() {
  const { t } = useTranslation();
  const role = useStanding().data?.role;
  const admin = role === 'admin';
  const counts = useModOverview().data?.counts;
  const asked = useRouteQuery().get('tab') as Tab | null;
  const allowed = (tab: Tab | null): tab is Tab =>
    tab !== null && TABS.includes(tab) && (admin || !ADMIN_TABS.has(tab));
  const [tab, setTab] = useState<Tab>(allowed(asked) ? asked : allowed(lastTab) ? lastTab : 'reports');
  const choose = (key: string) => {
    lastTab = key as Tab;
    setTab(key as Tab);
  };
  const title = (key: Tab, count?: number) => (
    <span className="mod-tab-title" data-testid={`mod-tab-${key}`}>
      {t(`modDesk.tabs.${key}`)}
      {count ? <span className="mod-tab-title__count">{count > 99 ? '99+' : count}</span> : null}
    </span>
  );
  return (
    <Screen className="mod-screen">
      <NavBar title={t('modDesk.title')} />
      <Scope />
      <Tabs activeKey={tab} onChange={choose} className="screen-tabs mod-tabs">
        <Tabs.Tab key="reports" title={title('reports', counts?.reports)}>
          <ReportsTab />
        </Tabs.Tab>
        <Tabs.Tab key="held" title={title('held', counts?.held)}>
          <HeldTab />
        </Tabs.Tab>
        <Tabs.Tab key="appeals" title={title('appeals', counts?.appeals)}>
          <AppealsTab />
        </Tabs.Tab>
        {admin && (
          <Tabs.Tab key="log" title={title('log')}>
            <LogTab />
          </Tabs.Tab>
        )}
        {admin && (
          <Tabs.Tab key="staff" title={title('staff')}>
            <StaffTab />
          </Tabs.Tab>
        )}
        {admin && (
          <Tabs.Tab key="filters" title={title('filters')}>
            <FiltersTab />
          </Tabs.Tab>
        )}
      </Tabs>
    </Screen>
  );
}

/** Whom the desk is for: an administrator, or a moderator of every topic or of some. */
function Scope() {
  const { t } = useTranslation();
  const standing = useStanding().data;
  if (!standing || standing.role === 'member') return null;
  const text =
    standing.role === 'admin'
      ? t('modDesk.scope.admin')
      : standing.topic_ids === null
        ? t('modDesk.scope.all')
        : t('modDesk.scope.some', { count: standing.topic_ids.length });
  return (
    <p className="mod-scope muted" data-testid="mod-scope">
      {text}
    </p>
  );
}
