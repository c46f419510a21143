import type { Task } from '@pixelhall/contract';
import { Badge, Tabs } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { claimableCount, useClaimTask, useTaskLists } from '../../api/queries/tasks';
import { useMe } from '../../api/queries/users';
import { CurrencyIcon } from '../../ui/CurrencyIcon';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { RewardsLink } from '../../ui/rewards/RewardsLink';
import { Screen } from '../../ui/Screen';
import { TaskRow } from './TaskRow';
import { resetsIn } from './task-view';
import { useNow } from './useNow';
import './tasks.css';
import { useFormat } from '../../ui/format';

type Tab = 'daily' | 'newbie';

/**
 * /me/task: daily tasks (they start over at UTC midnight) and newbie tasks (once), each with its
 * progress, reward and state; claiming celebrates the reward. "Get coins" of the "Not enough
 * coins" dialog leads here.
 */
export default function TaskScreen() {
  const { t } = useTranslation();
  const lists = useTaskLists();
  const [tab, setTab] = useState<Tab>('daily');
  const data = lists.data;

  return (
    <Screen>
      <NavBar title={t('tasksUi.title')} right={<RewardsLink />} />
      <TaskSummary ready={claimableCount(data)} />
      {data ? (
        <Tabs activeKey={tab} onChange={(key) => setTab(key as Tab)} className="screen-tabs">
          <Tabs.Tab key="daily" title={<TabTitle text={t('tasksUi.daily')} tasks={data.daily} />}>
            <ResetsIn resetsAt={data.resets_at} onReset={() => void lists.refetch()} />
            <TaskList tasks={data.daily} testId="daily-tasks" />
          </Tabs.Tab>
          <Tabs.Tab key="newbie" title={<TabTitle text={t('tasksUi.newbie')} tasks={data.newbie} />}>
            <p className="task-section-note">{t('tasksUi.newbieNote')}</p>
            <TaskList tasks={data.newbie} testId="newbie-tasks" />
          </Tabs.Tab>
        </Tabs>
      ) : lists.isError ? (
        <LoadFailed onRetry={() => lists.refetch()} />
      ) : (
        <Pending />
      )}
    </Screen>
  );
}

function TabTitle({ text, tasks }: { text: string; tasks: Task[] }) {
  const ready = tasks.filter((task) => task.state === 'claimable').length;
  return (
    <span className="task-tab-title">
      {text}
      {ready > 0 && <Badge content={ready} />}
    </span>
  );
}

/** The member's balances and how many rewards are waiting. */
function TaskSummary({ ready }: { ready: number }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const me = useMe().data;
  return (
    <section className="section">
      <div className="card task-summary">
        <div className="task-summary__text">
          <p className="task-summary__title">
            {ready > 0 ? t('tasksUi.readyToClaim', { count: ready }) : t('tasksUi.keepGoing')}
          </p>
          <p className="task-summary__hint">{t('tasksUi.hint')}</p>
        </div>
        {me && (
          <div className="task-summary__balances">
            <span className="task-summary__balance" title={t('rewardUi.balance.gold')}>
              <span className="visually-hidden">{t('rewardUi.balance.gold')}</span>
              <CurrencyIcon kind="gold" size={18} />
              {fmt.integer(me.gold ?? 0)}
            </span>
            <span className="task-summary__balance" title={t('rewardUi.balance.diamonds')}>
              <span className="visually-hidden">{t('rewardUi.balance.diamonds')}</span>
              <CurrencyIcon kind="diamonds" size={18} />
              {fmt.integer(me.diamonds ?? 0)}
            </span>
          </div>
        )}
      </div>
    </section>
  );
}

/** "Resets in 5 h 12 min", refreshed every 15 s; at the reset the tasks are asked for again. */
function ResetsIn({ resetsAt, onReset }: { resetsAt: number; onReset: () => void }) {
  const { t } = useTranslation();
  const now = useNow(15_000);
  const due = now >= resetsAt;
  const reset = useRef(onReset);
  reset.current = onReset;
  // Once per reset time: a server clock a little behind must not make it ask in a loop.
  useEffect(() => {
    if (due) reset.current();
  }, [due]);
  const wording = resetsIn(resetsAt, now);
  return (
    <p className="task-section-note task-resets" data-testid="task-resets">
      <ClockCircleOutline /> {t(wording.key, { ...wording.params })}
    </p>
  );
}

function TaskList({ tasks, testId }: { tasks: Task[]; testId: string }) {
  const claim = useClaimTask();
  if (!tasks.length) return <EmptyState />;
  return (
    <ul className="task-list" data-testid={testId}>
      {tasks.map((task) => (
        <TaskRow
          key={task.id}
          task={task}
          claiming={claim.isPending && claim.variables?.id === task.id}
          onClaim={(chosen) => claim.mutate(chosen)}
        />
      ))}
    </ul>
  );
}
