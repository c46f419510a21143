import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSendMail } from '../../api/queries/auth';
import { useNavigate } from '../../core/navigation';
import { SubmitButton } from '../../ui/SubmitButton';
import { EmailField } from './fields';
import { AuthForm, AuthScreen } from './parts';

const resetPath = (email: string) => `/auth/reset?email=${encodeURIComponent(email.trim())}`;

/** Forgot password: asks for the account's e-mail address and mails it a reset code. */
export default function RetrievePasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ email: string }>();
  const sendMail = useSendMail();

  return (
    <AuthScreen
      title={t('authUi.retrieve.title')}
      heading={t('authUi.retrieve.heading')}
      text={t('authUi.retrieve.intro')}
    >
      <section className="section">
        <AuthForm
          form={form}
          onFinish={({ email }) =>
            sendMail.mutate({ email }, { onSuccess: () => navigate(resetPath(email)) })
          }
          footer={
            <SubmitButton pending={sendMail.isPending} testId="retrieve-submit">
              {t('authUi.retrieve.submit')}
            </SubmitButton>
          }
        >
          <EmailField />
        </AuthForm>
        <p className="auth-links">
          <button
            type="button"
            className="auth-link-button"
            onClick={() => navigate(resetPath(form.getFieldValue('email') ?? ''))}
          >
            {t('authUi.retrieve.haveCode')}
          </button>
        </p>
      </section>
    </AuthScreen>
  );
}
