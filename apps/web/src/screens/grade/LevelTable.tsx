import type { LevelRow } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { CheckCircleFill, LockOutline } from 'antd-mobile-icons';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useClaimLevelReward, useLevelTable } from '../../api/queries/levels';
import { useFormat } from '../../ui/format';
import { Pending } from '../../ui/QueryStates';
import { RewardChips } from '../../ui/rewards/RewardChips';

/** Every level: the experience it takes, its grade, its reward and whether it can be claimed. */
export function LevelTable({ level, unclaimed }: { level: number; unclaimed: number }) {
  const { t } = useTranslation();
  const table = useLevelTable();
  const claim = useClaimLevelReward();
  const list = useRef<HTMLOListElement>(null);
  return (
    <section className="section">
      <h2 className="section__title level-table__title">
        {t('gradeUi.levelRewards')}
        {unclaimed > 0 && (
          // Rewards to claim may be far down a 60-row table: the badge takes you to the first.
          <button
            type="button"
            className="level-table__ready"
            onClick={() =>
              list.current
                ?.querySelector('[data-state="claimable"]')
                ?.scrollIntoView({ block: 'center', behavior: 'smooth' })
            }
            data-testid="level-jump-claimable"
          >
            {t('gradeUi.unclaimed', { count: unclaimed })}
          </button>
        )}
      </h2>
      {table.data ? (
        <ol className="level-table" data-testid="level-table" ref={list}>
          {table.data.list.map((row) => (
            <LevelTableRow
              key={row.level}
              row={row}
              reached={row.level <= level}
              current={row.level === level}
              claiming={claim.isPending && claim.variables === row.level}
              onClaim={() => claim.mutate(row.level)}
            />
          ))}
        </ol>
      ) : table.isError ? (
        <Button size="small" shape="rounded" onClick={() => void table.refetch()}>
          {t('follows.paging.retry')}
        </Button>
      ) : (
        <Pending />
      )}
    </section>
  );
}

function LevelTableRow({
  row,
  reached,
  current,
  claiming,
  onClaim,
}: {
  row: LevelRow;
  reached: boolean;
  current: boolean;
  claiming: boolean;
  onClaim: () => void;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const classes = [
    'level-row',
    reached ? 'level-row--reached' : '',
    current ? 'level-row--current' : '',
    row.reward_state === 'claimable' ? 'level-row--claimable' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes} data-testid="level-row" data-level={row.level} data-state={row.reward_state}>
      <span className="level-row__level">{t('me.level', { level: row.level })}</span>
      <span className="level-row__body">
        <span className="level-row__meta">
          <span className={`grade-chip grade-chip--small grade-chip--${row.grade}`}>
            {t(`grade.${row.grade}`)}
          </span>
          <span className="level-row__xp">
            {fmt.integer(row.experience)} {t('gradeUi.xp')}
          </span>
        </span>
        <RewardChips
          reward={{ gold: row.reward_gold, diamonds: row.reward_diamonds }}
          muted={row.reward_state === 'claimed'}
        />
      </span>
      <span className="level-row__action">
        {row.reward_state === 'claimable' ? (
          <Button
            color="primary"
            size="small"
            shape="rounded"
            loading={claiming}
            onClick={onClaim}
            data-testid="level-claim"
          >
            {t('tasksUi.claim')}
          </Button>
        ) : row.reward_state === 'claimed' ? (
          <span className="level-row__state level-row__state--done">
            <CheckCircleFill /> {t('tasksUi.claimed')}
          </span>
        ) : row.reward_state === 'locked' ? (
          <span className="level-row__state">
            <LockOutline />
            <span className="visually-hidden">{t('gradeUi.locked')}</span>
          </span>
        ) : null}
      </span>
    </li>
  );
}
