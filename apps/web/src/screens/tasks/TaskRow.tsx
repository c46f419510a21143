import { type Task, type TaskAction, TaskProgress } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import {
  CalendarOutline,
  CheckCircleFill,
  ClockCircleOutline,
  EditSOutline,
  FireFill,
  HeartOutline,
  LockOutline,
  MessageOutline,
  PlayOutline,
  RightOutline,
  SendOutline,
  UserAddOutline,
  UserCircleOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../core/navigation';
import { CurrencyIcon } from '../../ui/CurrencyIcon';
import { useFormat } from '../../ui/format';
import { RewardChips } from '../../ui/rewards/RewardChips';
import { taskTarget, taskView } from './task-view';

const ACTION_ICONS: Record<TaskAction, ReactNode> = {
  login: <CalendarOutline />,
  post: <EditSOutline />,
  comment: <MessageOutline />,
  like: <HeartOutline />,
  share: <SendOutline />,
  follow: <UserAddOutline />,
  avatar: <UserCircleOutline />,
  bet: <FireFill />,
  play: <PlayOutline />,
  online_minutes: <ClockCircleOutline />,
};

/** One task: what to do, how far along, what it pays, and its state (docs/product/tasks-achievements-mining.md#task-states). */
export function TaskRow({
  task,
  claiming,
  onClaim,
}: {
  task: Task;
  claiming: boolean;
  onClaim: (task: Task) => void;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const view = taskView(task);
  const target = view.state === 'bonus' ? taskTarget(task) : null;
  const progressText =
    task.action === 'online_minutes'
      ? t('tasksUi.minutesProgress', { done: view.count, target: view.target })
      : `${view.count}/${view.target}`;

  const body = (
    <>
      <span className="task-row__icon" aria-hidden="true">
        {ACTION_ICONS[task.action]}
      </span>
      <span className="task-row__body">
        <span className="task-row__title">{task.title}</span>
        <span className="task-row__progress">
          <span
            className="task-row__bar"
            role="progressbar"
            aria-label={task.title}
            aria-valuemin={0}
            aria-valuemax={view.target}
            aria-valuenow={view.count}
          >
            <span style={{ width: `${view.ratio * 100}%` }} />
          </span>
          <span className="task-row__count" data-testid="task-count">
            {progressText}
          </span>
        </span>
        {view.note && (
          <span
            className={`task-row__note task-row__note--${task.progress === TaskProgress.paused ? 'paused' : 'plain'}`}
          >
            {t(view.note.key, { ...view.note.params })}
          </span>
        )}
        <RewardChips reward={task.reward} muted={view.state === 'complete'} />
      </span>
    </>
  );

  const action = (
    <span className="task-row__action">
      {view.state === 'claimable' ? (
        <Button
          color="primary"
          size="small"
          shape="rounded"
          loading={claiming}
          onClick={() => onClaim(task)}
          data-testid="task-claim"
        >
          {t('tasksUi.claim')}
        </Button>
      ) : view.state === 'complete' ? (
        <span className="task-state task-state--done">
          <CheckCircleFill /> {t('tasksUi.claimed')}
        </span>
      ) : view.state === 'locked' ? (
        <span className="task-state task-state--locked">
          <LockOutline /> {t('tasksUi.level', { level: task.min_level })}
        </span>
      ) : (
        <span className="task-state task-state--bonus">
          <span className="task-state__bonus-label">{t('tasksUi.bonus')}</span>
          <span className="task-state__bonus-amount">
            {view.bonus && <CurrencyIcon kind={view.bonus.kind} size={14} />}
            {view.bonus ? `+${fmt.integer(view.bonus.amount)}` : null}
            {target && <RightOutline className="task-state__go" />}
          </span>
        </span>
      )}
    </span>
  );

  return (
    <li
      className={`task-row task-row--${view.state}`}
      data-testid="task-row"
      data-task={task.code}
      data-state={view.state}
    >
      {target ? (
        <button type="button" className="task-row__main" onClick={() => navigate(target)}>
          {body}
          {action}
        </button>
      ) : (
        <div className="task-row__main">
          {body}
          {action}
        </div>
      )}
    </li>
  );
}
