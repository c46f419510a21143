import type { Reward } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRewardHistory } from '../../api/queries/tasks';
import { useNavigate } from '../../core/navigation';
import { EmptyState } from '../../ui/EmptyState';
import { useRelativeTime } from '../../ui/format';
import { NavBar } from '../../ui/NavBar';
import { PagedList } from '../../ui/PagedList';
import { RewardChips } from '../../ui/rewards/RewardChips';
import { Screen } from '../../ui/Screen';
import './rewards.css';

/**
 * /me/rewards: everything the member earned, newest first (`user/reward`), page by page. Reached
 * from the tasks page and the wallet; with nothing earned yet it points at the tasks.
 */
export default function RewardsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useRewardHistory();
  return (
    <Screen>
      <NavBar title={t('rewardsHistory.title')} />
      <PagedList
        query={query}
        testId="reward-history"
        className="reward-history"
        renderItem={(reward) => <RewardItem reward={reward} />}
        empty={
          <EmptyState text={t('rewardsHistory.empty')}>
            <Button color="primary" fill="outline" size="small" onClick={() => navigate('/me/task')}>
              {t('rewardsHistory.toTasks')}
            </Button>
          </EmptyState>
        }
      />
    </Screen>
  );
}

function RewardItem({ reward }: { reward: Reward }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  return (
    <div className="reward-item" data-testid="reward-item" data-source={reward.source}>
      <span className="reward-item__body">
        <span className="reward-item__source">{t(`rewardsHistory.sources.${reward.source}`)}</span>
        <strong className="reward-item__title">{reward.title}</strong>
        <time className="reward-item__time" dateTime={new Date(reward.created_at).toISOString()}>
          {relative(reward.created_at)}
        </time>
      </span>
      <RewardChips reward={reward} className="reward-item__chips" />
    </div>
  );
}
