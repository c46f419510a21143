import { validateUsername } from '@pixelhall/contract';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRegister, useRegUser } from '../../api/queries/auth';
import { useMe } from '../../api/queries/users';
import { signIn } from '../../api/session';
import { Link } from '../../core/hash-router';
import { useNavigate } from '../../core/navigation';
import { useSession } from '../../state/session';
import { reasonsAtFields, showAtField } from '../../ui/field-errors';
import { ruleOf } from '../../ui/form-rules';
import { SubmitButton } from '../../ui/SubmitButton';
import { EmailField, NewPasswordFields } from './fields';
import { AuthForm, AuthScreen } from './parts';

interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirm: string;
}

/** Only the user name can be taken: whether an address has an account is told to its mailbox alone. */
const TAKEN = { 'errors.username_taken': 'username' } as const;

/**
 * Sign up. A visitor (tourist) session becomes a member through `reg/user`, keeping everything
 * the visitor did; anyone else gets a new account and session through `register`. Either way the
 * address waits for the code mailed to it, which /auth/activedetail (where both land) asks for.
 */
export default function RegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterValues>();
  const token = useSession((s) => s.token);
  const { data: me } = useMe();
  const tourist = Boolean(token && me?.is_tourist);
  const register = useRegister({ fieldReasons: reasonsAtFields(TAKEN) });
  const regUser = useRegUser({ fieldReasons: reasonsAtFields(TAKEN) });
  const pending = register.isPending || regUser.isPending;

  const submit = ({ confirm: _confirm, ...account }: RegisterValues) => {
    const onError = (err: Error) => showAtField(form, err, TAKEN);
    const done = () => navigate('/auth/activedetail', { replace: true });
    if (tourist) {
      regUser.mutate(account, { onSuccess: done, onError });
    } else {
      register.mutate(account, {
        onSuccess: (session) => {
          signIn(session.token, session.user);
          done();
        },
        onError,
      });
    }
  };

  return (
    <AuthScreen
      title={t('authUi.signUp')}
      heading={t('authUi.register.heading')}
      text={tourist ? t('authUi.register.touristIntro') : t('authUi.register.intro')}
    >
      <section className="section">
        <AuthForm
          form={form}
          onFinish={submit}
          footer={
            <SubmitButton pending={pending} testId="register-submit">
              {t('authUi.signUp')}
            </SubmitButton>
          }
        >
          <Form.Item
            name="username"
            label={t('authUi.fields.username')}
            rules={[ruleOf(validateUsername, t)]}
          >
            <Input
              placeholder={t('authUi.fields.usernamePlaceholder')}
              autoComplete="username"
              autoCapitalize="off"
              autoCorrect="off"
              maxLength={20}
              clearable
            />
          </Form.Item>
          <EmailField />
          <NewPasswordFields label={t('authUi.fields.password')} />
        </AuthForm>
        <p className="auth-links">
          {t('authUi.register.haveAccount')} <Link to="/login">{t('common.log_in')}</Link>
        </p>
      </section>
    </AuthScreen>
  );
}
