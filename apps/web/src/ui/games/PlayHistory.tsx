import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useGameLibrary } from '../../api/queries/games';
import { useNavigate } from '../../core/navigation';
import { useSession } from '../../state/session';
import { EmptyState } from '../EmptyState';
import { useRelativeTime } from '../format';
import { PagedGames } from './GameLists';
import './download-line.css';

/**
 * The member's play history from the server (userLog/gameLibList): each game once, last played
 * first, with how often. A visitor has none and is offered to sign in.
 */
export function PlayHistory({ testId = 'play-history' }: { testId?: string }) {
  const signedIn = useSession((s) => Boolean(s.token));
  if (!signedIn) return <SignInPrompt />;
  return <HistoryList testId={testId} />;
}

function HistoryList({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  const query = useGameLibrary();
  return (
    <PagedGames
      query={query}
      variant="row"
      testId={testId}
      extra={(game) => (
        <span className="download-line">
          <span>{t('gameDownloadsUi.lastPlayed', { time: relative(game.last_played_at) })}</span>
          <span>{t('gameDownloadsUi.timesPlayed', { count: game.times_played })}</span>
        </span>
      )}
    />
  );
}

function SignInPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <EmptyState text={t('gameDownloadsUi.signInForHistory')}>
      <Button
        size="small"
        shape="rounded"
        color="primary"
        onClick={() => navigate('/login')}
        data-testid="history-sign-in"
      >
        {t('common.log_in')}
      </Button>
    </EmptyState>
  );
}
