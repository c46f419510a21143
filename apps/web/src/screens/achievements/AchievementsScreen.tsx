import { ACHIEVEMENT_DISPLAY_MAX, type Achievement } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyAchievements, useSaveDisplay, useShownAchievements } from '../../api/queries/achievements';
import { showInfoToast } from '../../core/feedback';
import { useNavigate } from '../../core/navigation';
import { useSession } from '../../state/session';
import { AchievementIcon, ProgressLine, TierStars } from '../../ui/achievements/AchievementParts';
import { achievementProgress, toggleShown } from '../../ui/achievements/achievement-view';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import './achievements.css';
import { useFormat } from '../../ui/format';

/**
 * /me/achievement: every achievement with its tiers and the way to the next one. "Choose"
 * picks up to three earned ones to show on the profile, in order.
 */
export default function AchievementsScreen() {
  const { t } = useTranslation();
  const query = useMyAchievements();
  const myId = useSession((s) => s.user?.id ?? 0);
  const shown = useShownAchievements(myId);
  const save = useSaveDisplay();
  const [chosen, setChosen] = useState<number[] | null>(null);
  const list = query.data?.list ?? [];
  const selecting = chosen !== null;

  const startChoosing = () => {
    const current = shown.data?.list.filter((a) => a.displayed).map((a) => a.id);
    setChosen(current ?? list.filter((a) => a.displayed).map((a) => a.id));
  };
  const toggle = (achievement: Achievement) => {
    if (!chosen) return;
    const next = toggleShown(chosen, achievement, ACHIEVEMENT_DISPLAY_MAX);
    if (next.refused === 'full') showInfoToast(t('validation.max_number', { max: ACHIEVEMENT_DISPLAY_MAX }));
    if (next.refused === 'not-earned') showInfoToast(t('achievementsUi.notEarnedYet'));
    setChosen(next.chosen);
  };
  const submit = () => {
    if (!chosen) return;
    save.mutate(chosen, { onSuccess: () => setChosen(null) });
  };

  return (
    <Screen className={selecting ? 'achievements-screen--selecting' : undefined}>
      <NavBar
        title={t('achievementsUi.title')}
        right={
          list.some((a) => a.tier > 0) ? (
            <button
              type="button"
              className="nav-text-button"
              onClick={() => (selecting ? setChosen(null) : startChoosing())}
              data-testid="achievements-choose"
            >
              {selecting ? t('common.cancel') : t('achievementsUi.choose')}
            </button>
          ) : null
        }
      />
      {query.data ? (
        <>
          <AchievementsSummary list={list} selecting={selecting} />
          {list.length ? (
            <ul className="achievement-grid" data-testid="achievement-grid">
              {list.map((a) => (
                <AchievementCard
                  key={a.id}
                  achievement={a}
                  order={chosen ? chosen.indexOf(a.id) + 1 : 0}
                  selecting={selecting}
                  onToggle={toggle}
                />
              ))}
            </ul>
          ) : (
            <EmptyState />
          )}
          {selecting && (
            <div className="achievement-savebar">
              <span>
                {t('achievementsUi.chosen', { count: chosen.length, max: ACHIEVEMENT_DISPLAY_MAX })}
              </span>
              <Button
                color="primary"
                shape="rounded"
                loading={save.isPending}
                onClick={submit}
                data-testid="achievements-save"
              >
                {t('achievementsUi.save')}
              </Button>
            </div>
          )}
        </>
      ) : query.isError ? (
        <LoadFailed onRetry={() => query.refetch()} />
      ) : (
        <Pending />
      )}
    </Screen>
  );
}

function AchievementsSummary({ list, selecting }: { list: Achievement[]; selecting: boolean }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const earned = list.filter((a) => a.tier > 0).length;
  const tiers = list.reduce((n, a) => n + a.tier, 0);
  return (
    <section className="section">
      <div className="card achievement-summary">
        <div>
          <p className="achievement-summary__count">
            <strong>{earned}</strong>
            <span>/{list.length}</span>
          </p>
          <p className="achievement-summary__label">{t('achievementsUi.earned')}</p>
        </div>
        <div>
          <p className="achievement-summary__count">
            <strong>{fmt.integer(tiers)}</strong>
          </p>
          <p className="achievement-summary__label">{t('achievementsUi.tiers')}</p>
        </div>
        <p className="achievement-summary__hint">
          {selecting
            ? t('achievementsUi.chooseHint', { max: ACHIEVEMENT_DISPLAY_MAX })
            : t('achievementsUi.profileHint', { max: ACHIEVEMENT_DISPLAY_MAX })}
        </p>
      </div>
    </section>
  );
}

function AchievementCard({
  achievement: a,
  order,
  selecting,
  onToggle,
}: {
  achievement: Achievement;
  /** Position in the profile choice while choosing, 1-based; 0 when not chosen. */
  order: number;
  selecting: boolean;
  onToggle: (a: Achievement) => void;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const progress = achievementProgress(a);
  const classes = [
    'achievement-card',
    a.tier > 0 ? 'achievement-card--earned' : '',
    selecting && order > 0 ? 'achievement-card--chosen' : '',
    selecting && a.tier < 1 ? 'achievement-card--unavailable' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <li>
      <button
        type="button"
        className={classes}
        aria-pressed={selecting ? order > 0 : undefined}
        onClick={() => (selecting ? onToggle(a) : navigate(`/me/achievement/details?id=${a.id}`))}
        data-testid="achievement-card"
        data-code={a.code}
      >
        {selecting && order > 0 && <span className="achievement-card__order">{order}</span>}
        {!selecting && a.displayed && (
          <span className="achievement-card__shown" title={t('achievementsUi.onProfile')}>
            <CheckOutline />
          </span>
        )}
        <AchievementIcon icon={a.icon} earned={a.tier > 0} />
        <span className="achievement-card__name">{a.name}</span>
        <TierStars earned={progress.earned} tiers={progress.tiers} />
        {progress.next ? (
          <>
            <ProgressLine ratio={progress.ratio} label={a.name} />
            <span className="achievement-card__progress">
              {fmt.integer(Math.min(a.value, progress.next.threshold))}/{fmt.integer(progress.next.threshold)}
            </span>
          </>
        ) : (
          <span className="achievement-card__progress achievement-card__progress--max">
            {t('achievementsUi.maxTier')}
          </span>
        )}
      </button>
    </li>
  );
}
