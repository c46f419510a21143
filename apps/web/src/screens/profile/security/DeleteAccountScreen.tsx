import { ACCOUNT_DELETION_GRACE_DAYS, deletionConfirmationMatches, type User } from '@pixelhall/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useDeleteAccount } from '../../../api/queries/account-deletion';
import { useMe } from '../../../api/queries/users';
import { useNavigate } from '../../../core/navigation';
import { AppForm } from '../../../ui/AppForm';
import { showAtField } from '../../../ui/field-errors';
import type { FormRule } from '../../../ui/form-rules';
import { NavBar } from '../../../ui/NavBar';
import { LoadFailed, Pending } from '../../../ui/QueryStates';
import { Screen } from '../../../ui/Screen';
import { useFreshProof } from './fresh-proof';
import { PendingDeletionCard } from './PendingDeletionCard';
import './delete-account.css';

const ACCOUNT_SECURITY = '/me/setting/accountandsecurity';
const AT_FIELDS = { 'errors.deletion_confirm_mismatch': 'confirm' } as const;

/**
 * "Delete my account" (docs/product/accounts-and-sessions.md#deleting-an-account): what goes, what
 * stays, the 30 days, then the member's user name typed and a fresh proof. While a deletion is
 * pending it shows its date and "Keep my account" instead.
 */
export default function DeleteAccountScreen() {
  const { t } = useTranslation();
  const me = useMe();
  return (
    <Screen>
      <NavBar title={t('deletionUi.screen.title')} />
      <section className="section" data-testid="delete-account-screen">
        {me.data ? (
          <DeleteAccount user={me.data} />
        ) : me.isError ? (
          <LoadFailed onRetry={() => me.refetch()} />
        ) : (
          <Pending />
        )}
      </section>
    </Screen>
  );
}

function DeleteAccount({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const due = user.deletion_due_at ?? null;

  if (due !== null) {
    return <PendingDeletionCard due={due} />;
  }

  return (
    <>
      <p className="delete-account__lead">
        {t('deletionUi.screen.lead', { days: ACCOUNT_DELETION_GRACE_DAYS })}
      </p>

      <h2 className="section__title">{t('deletionUi.screen.goesTitle')}</h2>
      <ul className="card delete-account__list" data-testid="delete-account-goes">
        <li>{t('deletionUi.screen.goesProfile')}</li>
        <li>{t('deletionUi.screen.goesSignIn')}</li>
        <li>{t('deletionUi.screen.goesPosts')}</li>
        <li>{t('deletionUi.screen.goesSocial')}</li>
        <li>{t('deletionUi.screen.goesFiles')}</li>
      </ul>

      <h2 className="section__title">{t('deletionUi.screen.staysTitle')}</h2>
      <ul className="card delete-account__list" data-testid="delete-account-stays">
        <li>{t('deletionUi.screen.staysLedger')}</li>
        <li>{t('deletionUi.screen.staysBuyers')}</li>
      </ul>

      <p className="delete-account__hint muted">{t('deletionUi.screen.exportHint')}</p>

      <ConfirmForm user={user} onScheduled={() => navigate(ACCOUNT_SECURITY, { replace: true })} />
    </>
  );
}

interface Values {
  confirm: string;
}

/** The user name typed, then the call wrapped in the fresh proof ("Confirm it's you"). */
function ConfirmForm({ user, onScheduled }: { user: User; onScheduled: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const remove = useDeleteAccount();
  const withProof = useFreshProof();

  const typedName: FormRule = {
    validator: async (_rule, value) => {
      if (!deletionConfirmationMatches(typeof value === 'string' ? value : '', user.username)) {
        throw new Error(t('errors.deletion_confirm_mismatch'));
      }
    },
  };

  const submit = async ({ confirm }: Values) => {
    try {
      await withProof(() => remove.mutateAsync(confirm));
      onScheduled();
    } catch (err) {
      // A proof not given, or refused, has been said by its sheet or the client.
      showAtField(form, err, AT_FIELDS);
    }
  };

  return (
    <AppForm
      form={form}
      layout="vertical"
      className="form-card delete-account__form"
      onFinish={(values: Values) => void submit(values)}
      footer={
        // Red, unlike the other forms' main buttons: this one deletes.
        <Button
          block
          type="submit"
          color="danger"
          shape="rounded"
          size="large"
          className="delete-account__submit"
          loading={remove.isPending}
          disabled={remove.isPending}
          data-testid="delete-account-submit"
        >
          {t('deletionUi.screen.submit')}
        </Button>
      }
    >
      <Form.Item
        name="confirm"
        label={t('deletionUi.screen.confirmLabel', { username: user.username })}
        rules={[typedName]}
      >
        <Input
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          data-testid="delete-account-confirm"
        />
      </Form.Item>
    </AppForm>
  );
}
