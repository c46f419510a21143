import { validateResetCode } from '@pixelhall/contract';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useResetPassword, useSendMail } from '../../api/queries/auth';
import { signOut } from '../../api/session';
import { useNavigate } from '../../core/navigation';
import { useRouteQuery } from '../../core/route-context';
import { useSession } from '../../state/session';
import { reasonsAtFields, showAtField } from '../../ui/field-errors';
import { ruleOf } from '../../ui/form-rules';
import { SubmitButton } from '../../ui/SubmitButton';
import { EmailField, NewPasswordFields } from './fields';
import { AuthForm, AuthScreen } from './parts';

const AT_FIELDS = { 'errors.reset_code_invalid': 'code' } as const;

interface ResetValues {
  email: string;
  code: string;
  password: string;
  confirm: string;
}

/** Reset password with the mailed code. The server signs out every session of the account. */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResetValues>();
  const email = useRouteQuery().get('email') ?? '';
  const reset = useResetPassword({ fieldReasons: reasonsAtFields(AT_FIELDS) });
  const sendMail = useSendMail();

  const submit = ({ confirm: _confirm, ...values }: ResetValues) =>
    reset.mutate(values, {
      onSuccess: () => {
        // The reset signed the account out everywhere, most likely this browser too: log in afresh.
        if (useSession.getState().token) signOut('signed-out');
        navigate('/login', { replace: true });
      },
      onError: (err) => showAtField(form, err, AT_FIELDS),
    });

  const resend = async () => {
    const { email: address } = await form.validateFields(['email']).catch(() => ({ email: null }));
    if (address) sendMail.mutate({ email: address });
  };

  return (
    <AuthScreen
      title={t('authUi.reset.title')}
      heading={t('authUi.reset.heading')}
      text={t('authUi.reset.intro')}
    >
      <section className="section">
        <AuthForm
          form={form}
          initialValues={{ email }}
          onFinish={submit}
          footer={
            <SubmitButton pending={reset.isPending} testId="reset-submit">
              {t('authUi.reset.submit')}
            </SubmitButton>
          }
        >
          <EmailField />
          <Form.Item name="code" label={t('authUi.fields.code')} rules={[ruleOf(validateResetCode, t)]}>
            <Input
              inputMode="numeric"
              placeholder={t('authUi.fields.codePlaceholder')}
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Form.Item>
          <NewPasswordFields label={t('authUi.fields.newPassword')} />
        </AuthForm>
        <p className="auth-links">
          {t('authUi.reset.noCode')}{' '}
          <button
            type="button"
            className="auth-link-button"
            disabled={sendMail.isPending}
            onClick={() => void resend()}
          >
            {t('authUi.reset.resend')}
          </button>
        </p>
      </section>
    </AuthScreen>
  );
}
