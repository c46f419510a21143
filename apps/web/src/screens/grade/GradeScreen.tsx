import {
  EXPERIENCE_RULES,
  type ExperienceSource,
  GRADES,
  LEVEL_MAX,
  type LevelInfo,
} from '@pixelhall/contract';
import {
  CalendarOutline,
  ClockCircleOutline,
  EditSOutline,
  HeartOutline,
  MessageOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLevelInfo } from '../../api/queries/levels';
import { CurrencyIcon } from '../../ui/CurrencyIcon';
import { NavBar } from '../../ui/NavBar';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { gradeRanges, levelBar } from './grade-view';
import { LevelTable } from './LevelTable';
import './grade.css';
import { useFormat } from '../../ui/format';

const RULE_ICONS: Record<ExperienceSource, ReactNode> = {
  post: <EditSOutline />,
  comment: <MessageOutline />,
  like_received: <HeartOutline />,
  daily_login: <CalendarOutline />,
  online: <ClockCircleOutline />,
};

/**
 * /me/grade: the member's level and grade, the experience bar to the next level, how
 * experience is earned (with each source's daily cap), the grades, and the level table with
 * its rewards to claim.
 */
export default function GradeScreen() {
  const { t } = useTranslation();
  const info = useLevelInfo();
  return (
    <Screen>
      <NavBar title={t('gradeUi.title')} />
      {info.data ? (
        <>
          <LevelHero info={info.data} />
          <EarnExperience />
          <GradeRanges current={info.data.grade} />
          <LevelTable level={info.data.level} unclaimed={info.data.unclaimed_rewards} />
        </>
      ) : info.isError ? (
        <LoadFailed onRetry={() => info.refetch()} />
      ) : (
        <Pending />
      )}
    </Screen>
  );
}

function LevelHero({ info }: { info: LevelInfo }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const bar = levelBar(info);
  return (
    <section className="level-hero" data-testid="level-hero">
      <div className="level-hero__top">
        <div className="level-hero__level">
          <span className="level-hero__lv">{t('gradeUi.lv')}</span>
          <strong data-testid="level-value">{info.level}</strong>
        </div>
        <div className="level-hero__grade">
          <span className={`grade-chip grade-chip--${info.grade}`}>{t(`grade.${info.grade}`)}</span>
          <span className="level-hero__total">
            {t('gradeUi.totalExperience', { amount: fmt.integer(info.experience) })}
          </span>
        </div>
      </div>
      <div
        className="level-hero__bar"
        role="progressbar"
        aria-label={t('gradeUi.experience')}
        aria-valuemin={0}
        aria-valuemax={bar.span}
        aria-valuenow={bar.into}
      >
        <span style={{ width: `${bar.ratio * 100}%` }} />
      </div>
      <div className="level-hero__numbers">
        <span>
          {fmt.integer(bar.into)} / {fmt.integer(bar.span)} {t('gradeUi.xp')}
        </span>
        <span>
          {bar.toNext === null
            ? t('gradeUi.topLevel')
            : t('gradeUi.toNext', { amount: fmt.integer(bar.toNext), level: info.level + 1 })}
        </span>
      </div>
      <p className="level-hero__today">
        <CurrencyIcon kind="experience" size={16} />
        {t('gradeUi.today', { amount: fmt.integer(info.today_experience) })}
      </p>
    </section>
  );
}

function EarnExperience() {
  const fmt = useFormat();
  const { t } = useTranslation();
  const sources = Object.keys(EXPERIENCE_RULES) as ExperienceSource[];
  return (
    <section className="section">
      <h2 className="section__title">{t('gradeUi.howToEarn')}</h2>
      <ul className="xp-rules" data-testid="xp-rules">
        {sources.map((source) => {
          const rule = EXPERIENCE_RULES[source];
          return (
            <li key={source} className="xp-rule">
              <span className="xp-rule__icon" aria-hidden="true">
                {RULE_ICONS[source]}
              </span>
              <span className="xp-rule__text">
                <span className="xp-rule__name">{t(`gradeUi.sources.${source}`)}</span>
                <span className="xp-rule__cap">
                  {t('gradeUi.dailyCap', { amount: fmt.integer(rule.daily_cap) })}
                </span>
              </span>
              <span className="xp-rule__points">
                {'per_minutes' in rule
                  ? t('gradeUi.pointsPerMinutes', {
                      points: fmt.integer(rule.points),
                      minutes: rule.per_minutes,
                    })
                  : t('gradeUi.points', { points: fmt.integer(rule.points) })}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function GradeRanges({ current }: { current: LevelInfo['grade'] }) {
  const { t } = useTranslation();
  return (
    <section className="section">
      <h2 className="section__title">{t('gradeUi.grades')}</h2>
      <ol className="grade-ranges">
        {gradeRanges(GRADES, LEVEL_MAX).map((g) => (
          <li
            key={g.name}
            className={`grade-range${g.name === current ? ' grade-range--current' : ''}`}
            aria-current={g.name === current ? 'true' : undefined}
          >
            <span className={`grade-chip grade-chip--${g.name}`}>{t(`grade.${g.name}`)}</span>
            <span className="grade-range__levels">{t('gradeUi.levelRange', { from: g.from, to: g.to })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
