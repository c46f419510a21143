import { validateEmail } from '@pixelhall/contract';
import { Button, Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSendMail } from '../../api/queries/auth';
import { ruleOf } from '../../ui/form-rules';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
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
            <Button
              block
              type="submit"
              color="primary"
              shape="rounded"
              size="large"
              loading={sendMail.isPending}
              disabled={sendMail.isPending}
              data-testid="retrieve-submit"
            >
              {t('authUi.retrieve.submit')}
            </Button>
          }
        >
          <Form.Item name="email" label={t('authUi.fields.email')} rules={[ruleOf(validateEmail, t)]}>
            <Input
              type="email"
              inputMode="email"
              placeholder={t('authUi.fields.emailPlaceholder')}
              autoComplete="email"
              autoCapitalize="off"
              clearable
            />
          </Form.Item>
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
