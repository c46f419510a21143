import type { User } from '@pixelhall/contract';
import { Button, DotLoading, List } from 'antd-mobile';
import { InformationCircleOutline, SetOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/queries/users';
import { Link } from '../../core/hash-router';
import { useNavigate } from '../../core/navigation';
import { useSession } from '../../state/session';
import { useFormat } from '../../ui/format';
import { StandingNotices } from '../../ui/moderation/StandingNotices';
import { Screen } from '../../ui/Screen';
import { TouristBanner } from '../../ui/TouristBanner';
import { UserAvatar } from '../../ui/UserAvatar';
import { CommunityEntries } from './CommunityEntries';
import { GameEntries } from './GameEntries';
import { ProgressEntries } from './ProgressEntries';
import { WalletCard } from './WalletCard';

/**
 * Me: the member's card (or log-in and sign-up for a visitor) and the ways into settings. The
 * screen is kept alive; it follows the session because ['me'] is dropped and re-fetched when
 * the token changes.
 */
export default function MeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const me = useMe();
  return (
    <Screen>
      <header className="screen-header">
        <div className="screen-header__row">
          <h1 className="screen-header__title">{t('me.title')}</h1>
          <button
            type="button"
            className="icon-button"
            aria-label={t('settings.title')}
            onClick={() => navigate('/me/setting')}
          >
            <SetOutline />
          </button>
        </div>
      </header>
      {token && <StandingNotices />}
      <section className="section">
        {!token ? (
          <VisitorCard />
        ) : me.data ? (
          <MemberCard user={me.data} />
        ) : (
          <div className="card profile-card profile-card--pending" aria-busy={me.isPending}>
            {me.isError ? (
              <>
                <span className="muted">{t('errors.load_failed')}</span>
                <Button size="small" shape="rounded" onClick={() => void me.refetch()}>
                  {t('profileUi.retry')}
                </Button>
              </>
            ) : (
              <DotLoading color="primary" />
            )}
          </div>
        )}
      </section>
      {/* A visitor account cannot post, comment or block yet: its banner offers the account. */}
      {token && me.data && !me.data.is_tourist && <WalletCard user={me.data} />}
      <GameEntries />
      {token && me.data && !me.data.is_tourist && <ProgressEntries />}
      {token && me.data && !me.data.is_tourist && <CommunityEntries />}
      <section className="section">
        <List className="list-card">
          <List.Item prefix={<SetOutline />} onClick={() => navigate('/me/setting')}>
            {t('settings.title')}
          </List.Item>
          <List.Item prefix={<InformationCircleOutline />} onClick={() => navigate('/me/about')}>
            {t('about.title')}
          </List.Item>
        </List>
      </section>
    </Screen>
  );
}

function VisitorCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="card visitor-card" data-testid="visitor-card">
      <h2>{t('me.visitorTitle')}</h2>
      <p>{t('me.visitorText')}</p>
      <div className="stack">
        <Button block color="primary" shape="rounded" onClick={() => navigate('/login')}>
          {t('common.log_in')}
        </Button>
        <Button block shape="rounded" onClick={() => navigate('/auth/register')}>
          {t('me.signUp')}
        </Button>
      </div>
    </div>
  );
}

function MemberCard({ user }: { user: User }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="stack">
      {user.is_tourist && <TouristBanner />}
      <div className="card" data-testid="profile-card">
        <div className="profile-card">
          <UserAvatar user={user} size={68} />
          <div className="profile-card__body">
            <p className="profile-card__name" data-testid="profile-name">
              {user.nickname || user.username}
            </p>
            {user.signature ? (
              <p className="profile-card__signature" data-testid="profile-signature">
                {user.signature}
              </p>
            ) : (
              !user.is_tourist && (
                <Link className="profile-card__signature profile-card__hint" to="/user/edit/signature">
                  {t('profileUi.me.addSignature')}
                </Link>
              )
            )}
            <p className="profile-card__meta">
              <span className="badge" data-testid="profile-level">
                {t('me.level', { level: user.level })}
              </span>{' '}
              <span className="badge badge--accent">{t(`grade.${user.grade}`)}</span>
            </p>
          </div>
        </div>
        <div className="profile-stats">
          <Link className="profile-stats__item" to="/me/posts" data-testid="profile-posts">
            <strong>{fmt.compact(user.post_count)}</strong>
            <span>{t('profileUi.me.posts')}</span>
          </Link>
          <Link className="profile-stats__item" to="/user/beingfollowed" data-testid="profile-followers">
            <strong>{fmt.compact(user.follower_count)}</strong>
            <span>{t('profileUi.me.followers')}</span>
          </Link>
          <Link className="profile-stats__item" to="/user/followed" data-testid="profile-following">
            <strong>{fmt.compact(user.following_count)}</strong>
            <span>{t('profileUi.me.following')}</span>
          </Link>
        </div>
        <div className="profile-card__footer">
          <span className="profile-card__meta">
            {t('me.memberSince', { date: fmt.date(user.created_at) })}
          </span>
          {!user.is_tourist && (
            <Button
              size="small"
              shape="rounded"
              onClick={() => navigate('/user/edit')}
              data-testid="edit-profile"
            >
              {t('profileUi.me.editProfile')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
