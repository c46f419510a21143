import { Button } from 'antd-mobile';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextOverlayZIndex } from '../../core/overlay';
import type { Celebration } from '../../state/reward-celebration';
import { CurrencyIcon } from '../CurrencyIcon';
import { RewardChips, rewardParts } from './RewardChips';
import './rewards.css';
import { useFormat } from '../format';

/** How long the overlay stays when nobody taps it. */
const SHOW_MS = 3600;
const COUNT_UP_MS = 900;
const FLYING_COINS = 12;

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/** Counts from 0 up to `target`; with reduced motion the number is simply there. */
function useCountUp(target: number, animate: boolean): number {
  const [value, setValue] = useState(animate ? 0 : target);
  useEffect(() => {
    if (!animate) {
      setValue(target);
      return;
    }
    let frame = 0;
    const start = performance.now();
    const step = (now: number) => {
      const p = Math.min(1, (now - start) / COUNT_UP_MS);
      // Ease out: fast at first, settling on the amount.
      setValue(Math.round(target * (1 - (1 - p) ** 3)));
      if (p < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [target, animate]);
  return value;
}

/** The celebratory overlay itself: coins fly out of the reward and its amount counts up. */
export default function CelebrationOverlay({
  celebration,
  onClose,
}: {
  celebration: Celebration;
  onClose: () => void;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const reduced = useMemo(prefersReducedMotion, []);
  const zIndex = useMemo(nextOverlayZIndex, []);
  const [main, ...others] = rewardParts(celebration.added);
  const shown = useCountUp(main?.amount ?? 0, !reduced);

  useEffect(() => {
    const timer = setTimeout(onClose, SHOW_MS);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  if (!main) return null;
  const rest = Object.fromEntries(others.map((p) => [p.kind, p.amount]));
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes it too (listener above).
    <div
      className={`reward-overlay${reduced ? ' reward-overlay--still' : ''}`}
      style={{ zIndex }}
      role="dialog"
      aria-modal="true"
      aria-label={celebration.title}
      onClick={onClose}
      data-testid="reward-overlay"
    >
      <div className="reward-card">
        <div className="reward-card__burst" aria-hidden="true">
          {!reduced &&
            Array.from({ length: FLYING_COINS }, (_, i) => {
              const angle = (i / FLYING_COINS) * Math.PI * 2;
              const distance = 90 + (i % 3) * 28;
              const style = {
                '--dx': `${Math.cos(angle) * distance}px`,
                '--dy': `${Math.sin(angle) * distance - 40}px`,
                '--delay': `${(i % 4) * 70}ms`,
              } as CSSProperties;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed set of decorative sprites.
                <span key={i} className="reward-card__coin" style={style}>
                  <CurrencyIcon kind={main.kind} size={18} />
                </span>
              );
            })}
          <span className="reward-card__icon">
            <CurrencyIcon kind={main.kind} size={64} />
          </span>
        </div>
        <p className="reward-card__title">{celebration.title}</p>
        <p className="reward-card__amount" aria-live="polite" data-testid="reward-amount">
          <span aria-hidden="true">+{fmt.integer(shown)}</span>
          <span className="reward-card__unit">{t(`rewardUi.unit.${main.kind}`, { count: main.amount })}</span>
          <span className="visually-hidden">
            {t(`rewardUi.amount.${main.kind}`, { count: main.amount, amount: fmt.integer(main.amount) })}
          </span>
        </p>
        {others.length > 0 && <RewardChips reward={rest} className="reward-card__more" />}
        <Button color="primary" shape="rounded" className="reward-card__ok" onClick={onClose}>
          {t('rewardUi.great')}
        </Button>
      </div>
    </div>
  );
}
