import type { User } from '@pixelhall/contract';
import { Button, Dialog, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useProviders } from '../../api/queries/auth';
import { useMe, useSignOutMutation } from '../../api/queries/users';
import { useNavigate } from '../../core/navigation';
import { nextOverlayZIndex, overlayStyle } from '../../core/overlay';
import { loginPathFor } from '../../core/route-match';
import { useSession } from '../../state/session';
import { NavBar } from '../../ui/NavBar';
import { Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { AccountDetails } from './AccountDetails';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DeleteAccountSection } from './security/DeleteAccountSection';
import { ExportSection } from './security/ExportSection';
import { PasskeysSection } from './security/PasskeysSection';
import { SessionsSection } from './security/SessionsSection';
import { TwoStepSection } from './security/TwoStepSection';

const PATH = '/me/setting/accountandsecurity';

/** Account and security: the password, linked sign-ins, the account's names, and signing out. */
export default function AccountSecurityScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const { data: user } = useMe();
  return (
    <Screen>
      <NavBar title={t('profileUi.security.title')} />
      {!token ? (
        <section className="section">
          <div className="card visitor-card" data-testid="security-visitor">
            <h2>{t('profileUi.security.visitorTitle')}</h2>
            <p>{t('profileUi.security.visitorText')}</p>
            <Button block color="primary" shape="rounded" onClick={() => navigate(loginPathFor(PATH))}>
              {t('common.log_in')}
            </Button>
          </div>
        </section>
      ) : user ? (
        <MemberSecurity user={user} />
      ) : (
        <Pending />
      )}
    </Screen>
  );
}

function MemberSecurity({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const providers = useProviders();
  const signOut = useSignOutMutation();
  const providerName = (id: string) => providers.data?.list.find((p) => p.id === id)?.name ?? id;

  const confirmSignOut = async () => {
    const confirmed = await Dialog.confirm({
      style: overlayStyle(nextOverlayZIndex()),
      content: t('profileUi.security.signOutConfirm'),
      confirmText: <span className="danger-text">{t('profileUi.security.signOut')}</span>,
      cancelText: t('common.cancel'),
    });
    if (confirmed) signOut.mutate();
  };

  return (
    <section className="section">
      <AccountDetails user={user} />

      <h2 className="section__title">{t('profileUi.security.password')}</h2>
      {user.is_tourist ? (
        <div className="card notice-card" data-testid="password-tourist">
          <p className="muted">{t('profileUi.security.touristPassword')}</p>
          <Button size="small" color="primary" shape="rounded" onClick={() => navigate('/auth/register')}>
            {t('profileUi.me.createAccount')}
          </Button>
        </div>
      ) : user.has_password === false ? (
        <div className="card notice-card" data-testid="password-none">
          <p className="muted">{t('profileUi.security.noPassword')}</p>
          <Button size="small" shape="rounded" onClick={() => navigate('/auth/retrievepassword')}>
            {t('profileUi.security.forgotPassword')}
          </Button>
        </div>
      ) : (
        <ChangePasswordForm />
      )}

      <h2 className="section__title">{t('profileUi.security.linked')}</h2>
      <List className="list-card" data-testid="linked-providers">
        {user.providers?.length ? (
          user.providers.map((id) => <List.Item key={id}>{providerName(id)}</List.Item>)
        ) : (
          <List.Item>
            <span className="muted">{t('profileUi.security.none')}</span>
          </List.Item>
        )}
      </List>

      <TwoStepSection />
      <PasskeysSection />
      <SessionsSection />
      <ExportSection />
      <DeleteAccountSection user={user} />

      <Button
        block
        color="danger"
        fill="outline"
        shape="rounded"
        size="large"
        className="sign-out-button"
        loading={signOut.isPending}
        onClick={() => void confirmSignOut()}
        data-testid="sign-out"
      >
        {t('profileUi.security.signOut')}
      </Button>
    </section>
  );
}
