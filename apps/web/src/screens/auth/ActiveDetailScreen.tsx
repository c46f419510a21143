import { Button, DotLoading, List } from 'antd-mobile';
import { AppOutline, PlayOutline, UserSetOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../api/queries/users';
import { useNavigate } from '../../core/navigation';
import { useRouteQuery } from '../../core/route-context';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import { UserAvatar } from '../../ui/UserAvatar';
import './auth.css';
import { useFormat } from '../../ui/format';
import { EmailProof } from './EmailProof';

/**
 * After registration: the new account's details, the proof of its address (also where the proof
 * mail's link lands, `?code=…`) and where to go next.
 */
export default function ActiveDetailScreen() {
  const fmt = useFormat();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const linkCode = useRouteQuery().get('code') ?? '';
  const { data: user, isError, refetch } = useMe();
  return (
    <Screen>
      <NavBar title={t('authUi.active.title')} />
      {!user ? (
        <div className="auth-status" aria-busy={!isError}>
          {isError ? (
            <Button shape="rounded" onClick={() => void refetch()}>
              {t('authUi.active.retry')}
            </Button>
          ) : (
            <DotLoading color="primary" />
          )}
        </div>
      ) : (
        <section className="section">
          <div className="card account-card" data-testid="account-card">
            <UserAvatar user={user} size={72} />
            <p className="account-card__name">{user.nickname || user.username}</p>
            <p className="account-card__handle">@{user.username}</p>
            <p className="account-card__badges">
              <span className="badge">{t('me.level', { level: user.level })}</span>
              <span className="badge">{t(`grade.${user.grade}`)}</span>
            </p>
            <p className="account-card__note">{t('auth.account_ready')}</p>
          </div>
          {(user.pending_email || linkCode) && <EmailProof user={user} linkCode={linkCode} />}
          <h2 className="section__title">{t('authUi.active.details')}</h2>
          <List className="list-card">
            <List.Item extra={user.username}>{t('authUi.fields.username')}</List.Item>
            <List.Item
              extra={
                user.email ||
                (user.pending_email ? t('authUi.proof.notConfirmed') : t('authUi.active.noEmail'))
              }
            >
              {t('authUi.fields.email')}
            </List.Item>
            <List.Item extra={fmt.date(user.created_at)}>{t('authUi.active.memberSince')}</List.Item>
            <List.Item extra={`${t('me.level', { level: user.level })} · ${t(`grade.${user.grade}`)}`}>
              {t('authUi.active.level')}
            </List.Item>
          </List>
          <h2 className="section__title">{t('authUi.active.nextSteps')}</h2>
          <List className="list-card">
            <List.Item
              prefix={<UserSetOutline />}
              description={t('authUi.active.profileHint')}
              onClick={() => navigate('/user/edit')}
            >
              {t('authUi.active.profile')}
            </List.Item>
            <List.Item
              prefix={<AppOutline />}
              description={t('authUi.active.feedHint')}
              onClick={() => navigate('/home')}
            >
              {t('authUi.active.feed')}
            </List.Item>
            <List.Item
              prefix={<PlayOutline />}
              description={t('authUi.active.gamesHint')}
              onClick={() => navigate('/game')}
            >
              {t('authUi.active.games')}
            </List.Item>
          </List>
        </section>
      )}
    </Screen>
  );
}
