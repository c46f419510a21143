import type { User } from '@pixelhall/contract';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSendVerifyMail } from '../../api/queries/auth';
import { useNavigate } from '../../core/navigation';

/**
 * The account's fixed details: the user name and the e-mail address (or that none is set). An
 * address not proven yet says so, with a way to have its code mailed again and to enter it.
 */
export function AccountDetails({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resend = useSendVerifyMail();
  const address = user.email || user.pending_email;
  const pending = !user.email && Boolean(user.pending_email);
  return (
    <>
      <h2 className="section__title">{t('profileUi.edit.account')}</h2>
      <List className="list-card">
        <List.Item extra={<span className="list-value">{user.username}</span>}>
          {t('profileUi.edit.username')}
        </List.Item>
        <List.Item
          extra={
            <span className={`list-value${address ? '' : ' muted'}`}>
              {address || t('profileUi.edit.notSet')}
            </span>
          }
          description={
            pending && (
              <span className="email-pending" data-testid="email-pending">
                <span className="muted">{t('authUi.proof.notConfirmed')}</span>{' '}
                <Button
                  size="mini"
                  color="primary"
                  fill="none"
                  loading={resend.isPending}
                  onClick={() => resend.mutate({}, { onSuccess: () => navigate('/auth/activedetail') })}
                  data-testid="email-send-again"
                >
                  {t('authUi.proof.resend')}
                </Button>
              </span>
            )
          }
        >
          {t('profileUi.edit.email')}
        </List.Item>
      </List>
    </>
  );
}
