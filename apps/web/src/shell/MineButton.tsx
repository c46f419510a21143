import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCycleTime, useMiningToken } from '../api/queries/mining';
import { useMiningConfig } from '../api/queries/options';
import { useGuard } from '../core/guard';
import { useNavigate } from '../core/navigation';
import { usePageVisible } from '../core/page-visible';
import { MINING_BAR_INITIAL, type MiningBar, miningProgress, runMiningBar } from './mining-bar';
import './mine-button.css';

const RING_RADIUS = 26;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

/**
 * The mining cycle's bar while the button is on screen (docs/product/tasks-achievements-mining.md#mining-bar); stops when it goes and while
 * the page is hidden, and starts again with a poll, so the bar resumes at the server's time.
 */
function useMiningBar(enabled: boolean): MiningBar {
  const [bar, setBar] = useState<MiningBar>(MINING_BAR_INITIAL);
  const visible = usePageVisible();
  useEffect(() => {
    if (!enabled || !visible) return;
    return runMiningBar({ fetchCycle: fetchCycleTime, onChange: setBar });
  }, [enabled, visible]);
  return bar;
}

/**
 * The floating mine button, shown only while the server's mining option is on, with the
 * cycle's progress as a ring around it. The external page gets a short-lived mining token
 * made for it (mining/token), never the session token.
 */
export function MineButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const guard = useGuard();
  const config = useMiningConfig();
  const bar = useMiningBar(config.mining_button);
  const token = useMiningToken();
  if (!config.mining_button) return null;

  const percent = Math.round(miningProgress(bar) * 100);
  const open = () => {
    if (token.isPending) return;
    token.mutate(undefined, {
      onSuccess: ({ url }) =>
        navigate(`/webview?url=${encodeURIComponent(url)}&title=${encodeURIComponent(t('mine.title'))}`),
    });
  };
  const label =
    bar.phase === 'waiting'
      ? t('miningUi.waiting')
      : bar.phase === 'full'
        ? t('miningUi.full')
        : t('miningUi.progress', { percent });
  return (
    <button
      type="button"
      className={`fab fab--mine fab--mine-${bar.phase}`}
      aria-label={`${t('mine.open')}: ${label}`}
      title={label}
      data-testid="mine-button"
      data-phase={bar.phase}
      data-progress={percent}
      onClick={() => guard({ action: open })}
    >
      <svg className="mine-ring" viewBox="0 0 60 60" aria-hidden="true">
        <circle className="mine-ring__track" cx="30" cy="30" r={RING_RADIUS} />
        <circle
          className="mine-ring__fill"
          cx="30"
          cy="30"
          r={RING_RADIUS}
          strokeDasharray={RING_LENGTH}
          strokeDashoffset={RING_LENGTH * (1 - percent / 100)}
        />
      </svg>
      <svg width="22" height="22" viewBox="0 0 16 16" shapeRendering="crispEdges" aria-hidden="true">
        <path fill="currentColor" d="M9 1h5v1h1v5h-2V5l-7 7v2H4v-1H3v-1H2v-2h2l7-7H9z" />
      </svg>
    </button>
  );
}
