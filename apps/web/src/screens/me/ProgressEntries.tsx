import { Badge, List } from 'antd-mobile';
import { FlagOutline, HistogramOutline, StarOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useLevelInfo } from '../../api/queries/levels';
import { claimableCount, useTaskLists } from '../../api/queries/tasks';
import { useNavigate } from '../../core/navigation';
import './progress-entries.css';

/** The member's ways to earn on Me: tasks, achievements, level and grade, bets. */
export function ProgressEntries() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tasksReady = claimableCount(useTaskLists().data);
  const level = useLevelInfo().data;
  return (
    <section className="section">
      <List className="list-card" data-testid="progress-entries">
        <List.Item
          prefix={<UnorderedListOutline />}
          extra={tasksReady > 0 ? <Badge content={Badge.dot} data-testid="tasks-dot" /> : null}
          description={tasksReady > 0 ? t('tasksUi.readyToClaim', { count: tasksReady }) : undefined}
          onClick={() => navigate('/me/task')}
        >
          {t('tasksUi.title')}
        </List.Item>
        <List.Item prefix={<StarOutline />} onClick={() => navigate('/me/achievement')}>
          {t('achievementsUi.title')}
        </List.Item>
        <List.Item
          prefix={<HistogramOutline />}
          extra={
            level ? (
              <span className="entry-extra">
                {level.unclaimed_rewards > 0 && <Badge content={Badge.dot} />}
                {t('me.level', { level: level.level })} · {t(`grade.${level.grade}`)}
              </span>
            ) : null
          }
          onClick={() => navigate('/me/grade')}
        >
          {t('gradeUi.title')}
        </List.Item>
        <List.Item prefix={<FlagOutline />} onClick={() => navigate('/me/bets')}>
          {t('betsUi.title')}
        </List.Item>
      </List>
    </section>
  );
}
