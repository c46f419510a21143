import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMiningConfig } from '../api/queries/options';
import { useSession } from '../state/session';
import { useGuard } from './guard';

/** The mining page is external and reads the member's token from its query (spec §1, §9). */
export function miningPageUrl(base: string, token: string): string {
  const url = new URL(base);
  url.searchParams.set('token', token);
  return url.toString();
}

/** The floating mine button, shown only while the server's mining option is on. */
export function MineButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const guard = useGuard();
  const config = useMiningConfig();
  if (!config.mining_button) return null;
  const open = () => {
    const url = miningPageUrl(config.mining_url, useSession.getState().token!);
    navigate(`/webview?url=${encodeURIComponent(url)}&title=${encodeURIComponent(t('mine.title'))}`);
  };
  return (
    <button
      type="button"
      className="fab fab--mine"
      aria-label={t('mine.open')}
      data-testid="mine-button"
      onClick={() => guard({ action: open })}
    >
      <svg width="22" height="22" viewBox="0 0 16 16" shape-rendering="crispEdges" aria-hidden="true">
        <path fill="currentColor" d="M9 1h5v1h1v5h-2V5l-7 7v2H4v-1H3v-1H2v-2h2l7-7H9z" />
      </svg>
    </button>
  );
}
