import { useTranslation } from 'react-i18next';
import { CurrencyIcon, type RewardKind } from '../CurrencyIcon';
import './rewards.css';
import { useFormat } from '../format';

export interface RewardAmounts {
  gold: number;
  diamonds: number;
  experience: number;
}

const KINDS: RewardKind[] = ['gold', 'diamonds', 'experience'];

/** The non-zero parts of a reward, in a fixed order. */
export function rewardParts(reward: Partial<RewardAmounts>): Array<{ kind: RewardKind; amount: number }> {
  return KINDS.flatMap((kind) => {
    const amount = reward[kind] ?? 0;
    return amount > 0 ? [{ kind, amount }] : [];
  });
}

/** "+20 gold · +1 diamond · +10 XP" as small chips with pixel icons. */
export function RewardChips({
  reward,
  muted,
  className,
}: {
  reward: Partial<RewardAmounts>;
  /** Already claimed: the chips stay, greyed. */
  muted?: boolean;
  className?: string;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const parts = rewardParts(reward);
  if (!parts.length) return null;
  return (
    <span className={`reward-chips${muted ? ' reward-chips--muted' : ''}${className ? ` ${className}` : ''}`}>
      {parts.map(({ kind, amount }) => (
        <span key={kind} className={`reward-chip reward-chip--${kind}`}>
          <CurrencyIcon kind={kind} size={14} />
          <span aria-hidden="true">+{fmt.integer(amount)}</span>
          <span className="visually-hidden">
            {t(`rewardUi.amount.${kind}`, { count: amount, amount: fmt.integer(amount) })}
          </span>
        </span>
      ))}
    </span>
  );
}
