import { useTranslation } from 'react-i18next';
import { useShownAchievements } from '../../api/queries/achievements';
import { Link } from '../../core/hash-router';
import { TierStars } from '../../ui/achievements/AchievementParts';
import { achievementProgress } from '../../ui/achievements/achievement-view';
import './shown-achievements.css';

/**
 * A member's achievements on show (show/achieve), for their page's header. Each leads to the
 * achievement with that member's progress.
 */
export function ShownAchievements({ userId, isMe }: { userId: number; isMe: boolean }) {
  const { t } = useTranslation();
  const shown = useShownAchievements(userId);
  const list = shown.data?.list ?? [];
  if (!list.length) return null;
  return (
    <div className="shown-achievements" data-testid="shown-achievements">
      <p className="shown-achievements__label">
        {t('achievementsUi.earnedCount', { count: shown.data?.earned ?? list.length })}
        {isMe && (
          <Link className="shown-achievements__manage" to="/me/achievement">
            {t('achievementsUi.manage')}
          </Link>
        )}
      </p>
      <ul className="shown-achievements__list">
        {list.map((a) => {
          const progress = achievementProgress(a);
          return (
            <li key={a.id}>
              <Link
                className="shown-achievement"
                to={`/me/achievement/details?id=${a.id}${isMe ? '' : `&user_id=${userId}`}`}
              >
                <span className="shown-achievement__icon" aria-hidden="true">
                  {a.icon}
                </span>
                <span className="shown-achievement__text">
                  <span className="shown-achievement__name">{a.name}</span>
                  <TierStars earned={progress.earned} tiers={progress.tiers} size={10} />
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
