import { StarFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import './achievements.css';

/** The tiers as stars, the earned ones lit. */
export function TierStars({ earned, tiers, size = 12 }: { earned: number; tiers: number; size?: number }) {
  const { t } = useTranslation();
  return (
    <span
      className="tier-stars"
      role="img"
      aria-label={t('achievementsUi.tiersEarned', { earned, tiers })}
      style={{ fontSize: size }}
    >
      {Array.from({ length: tiers }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: one star per tier, in tier order.
        <StarFill key={i} className={i < earned ? 'tier-stars__on' : 'tier-stars__off'} />
      ))}
    </span>
  );
}

/** The achievement's emoji on a tile; greyed until its first tier is earned. */
export function AchievementIcon({
  icon,
  earned,
  size = 52,
}: {
  icon: string;
  earned: boolean;
  size?: number;
}) {
  return (
    <span
      className={`achievement-icon${earned ? '' : ' achievement-icon--locked'}`}
      style={{ width: size, height: size, fontSize: size * 0.52 }}
      aria-hidden="true"
    >
      {icon}
    </span>
  );
}

/** A thin bar, 0 to 1. */
export function ProgressLine({ ratio, label }: { ratio: number; label: string }) {
  return (
    <span
      className="progress-line"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(ratio * 100)}
    >
      <span style={{ width: `${Math.round(ratio * 100)}%` }} />
    </span>
  );
}
