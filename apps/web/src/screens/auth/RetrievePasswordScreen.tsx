import { Form } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSendMail } from '../../api/queries/auth';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import { SubmitButton } from '../../ui/SubmitButton';
import { EmailField } from './fields';
import { AuthIntro } from './parts';

const resetPath = (email: string) => `/auth/reset?email=${encodeURIComponent(email.trim())}`;

/** Forgot password: asks for the account's e-mail address and mails it a reset code. */
export default function RetrievePasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ email: string }>();
  const sendMail = useSendMail();

  return (
    <Screen>
      <NavBar title={t('authUi.retrieve.title')} />
      <AuthIntro heading={t('authUi.retrieve.heading')} text={t('authUi.retrieve.intro')} />
      <section className="section">
        <Form
          form={form}
          layout="vertical"
          mode="card"
          className="auth-form"
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
        </Form>
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
    </Screen>
  );
}
