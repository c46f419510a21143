import { formatDate } from '@pixelhall/contract';
import { Avatar, Button, List } from 'antd-mobile';
import { InformationCircleOutline, SetOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMe } from '../../api/queries/users';
import { useSession } from '../../state/session';
import { Screen } from '../../ui/Screen';

/** Me: the member's card (or log-in and sign-up for a visitor) and the ways into settings. */
export default function MeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const { data: user } = useMe();
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
      <section className="section">
        {token && user ? (
          <div className="card profile-card" data-testid="profile-card">
            <Avatar src={user.avatar} style={{ '--size': '64px', '--border-radius': '20px' }} />
            <div>
              <p className="profile-card__name">{user.nickname || user.username}</p>
              <p className="profile-card__meta">
                <span className="badge">{t('me.level', { level: user.level })}</span>{' '}
                <span className="badge">{t(`grade.${user.grade}`)}</span>
              </p>
              <p className="profile-card__meta">
                {t('me.memberSince', { date: formatDate(user.created_at) })}
              </p>
            </div>
          </div>
        ) : (
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
        )}
      </section>
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
