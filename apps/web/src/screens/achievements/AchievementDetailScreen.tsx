import type { Achievement } from '@pixelhall/contract';
import { CheckCircleFill, LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useAchievementDetail } from '../../api/queries/achievements';
import { useMemberProfile } from '../../api/queries/members';
import { useRouteQuery } from '../../core/route-context';
import { useSession } from '../../state/session';
import { AchievementIcon, ProgressLine, TierStars } from '../../ui/achievements/AchievementParts';
import { achievementProgress } from '../../ui/achievements/achievement-view';
import { NavBar } from '../../ui/NavBar';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { RewardChips } from '../../ui/rewards/RewardChips';
import { Screen } from '../../ui/Screen';
import './achievements.css';
import { useFormat } from '../../ui/format';

/**
 * /me/achievement/details?id=…[&user_id=…]: one achievement's tiers. With user_id it shows
 * that member's progress, with a token the caller's; a visitor without user_id sees the tiers.
 */
export default function AchievementDetailScreen() {
  const { t } = useTranslation();
  const query = useRouteQuery();
  // The route shows this screen only for a positive whole id (`ids` in shell/routes.tsx).
  const id = Number(query.get('id'));
  const userId = Number(query.get('user_id')) || 0;
  const myId = useSession((s) => s.user?.id ?? 0);
  const signedIn = useSession((s) => Boolean(s.token));
  const ofOther = userId > 0 && userId !== myId;
  const detail = useAchievementDetail(id, ofOther ? userId : 0);
  const member = useMemberProfile(ofOther ? userId : 0);
  // Progress means something only for a known member: another one, or the signed-in caller.
  const withProgress = ofOther || signedIn;
  const whose = ofOther ? (member.data?.nickname ?? '') : null;

  return (
    <Screen>
      <NavBar title={t('achievementsUi.detailTitle')} />
      {detail.data ? (
        <AchievementDetail achievement={detail.data} withProgress={withProgress} whose={whose} />
      ) : detail.isError ? (
        <LoadFailed text={detail.error.message || undefined} onRetry={() => detail.refetch()} />
      ) : (
        <Pending />
      )}
    </Screen>
  );
}

function AchievementDetail({
  achievement: a,
  withProgress,
  whose,
}: {
  achievement: Achievement;
  withProgress: boolean;
  /** Another member's nickname when it is their progress; null for the caller's own. */
  whose: string | null;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const progress = achievementProgress(a);
  const tiers = [...a.tiers].sort((x, y) => x.tier - y.tier);
  const metric = (count: number) =>
    t(`achievementsUi.metric.${a.metric}`, { count, amount: fmt.integer(count) });
  return (
    <>
      <section className="achievement-hero" data-testid="achievement-detail">
        <AchievementIcon icon={a.icon} earned={!withProgress || a.tier > 0} size={84} />
        <h1 className="achievement-hero__name">{a.name}</h1>
        <p className="achievement-hero__description">{a.description}</p>
        {withProgress && <TierStars earned={progress.earned} tiers={progress.tiers} size={18} />}
        {withProgress && (
          <div className="achievement-hero__progress">
            <p className="achievement-hero__value">
              {whose ? t('achievementsUi.theirProgress', { name: whose }) : t('achievementsUi.yourProgress')}
              <strong>{metric(a.value)}</strong>
            </p>
            {progress.next ? (
              <>
                <ProgressLine ratio={progress.ratio} label={a.name} />
                <p className="achievement-hero__next">
                  {t('achievementsUi.toNextTier', {
                    count: Math.max(0, progress.next.threshold - a.value),
                    amount: fmt.integer(Math.max(0, progress.next.threshold - a.value)),
                    tier: progress.next.tier,
                  })}
                </p>
              </>
            ) : (
              <p className="achievement-hero__next">{t('achievementsUi.allTiers')}</p>
            )}
          </div>
        )}
      </section>
      <section className="section">
        <h2 className="section__title">{t('achievementsUi.tierList')}</h2>
        <ol className="tier-list" data-testid="tier-list">
          {tiers.map((tier) => {
            const earned = withProgress && tier.tier <= a.tier;
            const current = withProgress && progress.next?.tier === tier.tier;
            return (
              <li
                key={tier.tier}
                className={`tier-row${earned ? ' tier-row--earned' : ''}${current ? ' tier-row--current' : ''}`}
              >
                <span className="tier-row__badge">{t('achievementsUi.tier', { tier: tier.tier })}</span>
                <span className="tier-row__body">
                  <span className="tier-row__goal">{metric(tier.threshold)}</span>
                  <RewardChips reward={{ gold: tier.gold, diamonds: tier.diamonds }} muted={earned} />
                </span>
                <span className="tier-row__state">
                  {earned ? (
                    <>
                      <CheckCircleFill className="tier-row__check" />
                      {tier.earned_at ? <small>{fmt.date(tier.earned_at)}</small> : null}
                    </>
                  ) : withProgress && !current ? (
                    <LockOutline className="tier-row__lock" />
                  ) : current ? (
                    <small>
                      {fmt.integer(a.value)}/{fmt.integer(tier.threshold)}
                    </small>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ol>
      </section>
    </>
  );
}
