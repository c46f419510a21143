import { validateLoginName } from '@pixelhall/contract';
import type { ThirdPartyLoginRequest } from '@pixelhall/contract/host';
import { Button, Divider, Form, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Provider } from '../../api/auth/oidc';
import { ApiError } from '../../api/client';
import { useLogin, useProviders, useThirdLogin, useTourist } from '../../api/queries/auth';
import { showFailToast } from '../../core/feedback';
import { Link } from '../../core/hash-router';
import { useRouteQuery } from '../../core/route-context';
import { host } from '../../host';
import { HostCallError } from '../../host/bridge';
import { reasonsAtFields, showAtField } from '../../ui/field-errors';
import { ruleOf, validatePasswordEntered } from '../../ui/form-rules';
import { BANNED_REASON, showBannedDialog } from '../../ui/moderation/banned';
import { SubmitButton } from '../../ui/SubmitButton';
import { useFinishLogIn, useFinishSignIn } from './finish';
import { PasskeySignInButton } from './PasskeySignIn';
import { AuthForm, AuthScreen, PasswordInput } from './parts';
import { afterSignIn } from './redirect';

const AT_FIELDS = { 'errors.wrong_credentials': 'password' } as const;

interface LoginValues {
  username: string;
  password: string;
}

/** Log in with a user name or e-mail and a password, a configured provider, or as a visitor. */
export default function LoginScreen() {
  const { t } = useTranslation();
  const [form] = Form.useForm<LoginValues>();
  const target = afterSignIn(useRouteQuery().get('redirect'));
  const finish = useFinishSignIn();
  const finishLogIn = useFinishLogIn();
  // A ban is said in a dialog that stays, not in a passing toast.
  const login = useLogin({ fieldReasons: [...reasonsAtFields(AT_FIELDS), BANNED_REASON] });
  const tourist = useTourist();
  const thirdLogin = useThirdLogin();
  const providers = useProviders().data?.list ?? [];
  const [startingWith, setStartingWith] = useState<string | null>(null);
  const busy = login.isPending || tourist.isPending || thirdLogin.isPending || startingWith !== null;

  const submit = (values: LoginValues) =>
    login.mutate(values, {
      onSuccess: (answer) => finishLogIn(answer, target),
      onError: (err) => {
        if (!showBannedDialog(err, t)) showAtField(form, err, AT_FIELDS);
      },
    });

  // In a browser the web host leaves for the provider's page (answering null); a native shell
  // answers the ID token its provider SDK obtained.
  const withProvider = async (provider: Provider) => {
    setStartingWith(provider.id);
    try {
      const request: ThirdPartyLoginRequest = { provider: provider.id, redirect: target };
      const result = await host.call('thirdPartyLogin', request);
      if (!result) return; // the page is on its way to the provider: stay busy
      const answer = await thirdLogin.mutateAsync({ idToken: result.idToken, provider: provider.id });
      finishLogIn(answer, target);
    } catch (err) {
      // The bridge and the API client have shown their failures; a shell without the call has not.
      if (err instanceof Error && !(err instanceof HostCallError) && !(err instanceof ApiError)) {
        showFailToast(err.message);
      }
    }
    setStartingWith(null);
  };

  return (
    <AuthScreen title={t('common.log_in')} heading={t('authUi.login.heading')} text={t('authUi.login.intro')}>
      <section className="section">
        <AuthForm
          form={form}
          onFinish={submit}
          footer={
            <>
              <p className="auth-links auth-links--end">
                <Link to="/auth/retrievepassword">{t('authUi.login.forgot')}</Link>
              </p>
              <SubmitButton pending={login.isPending} disabled={busy} testId="login-submit">
                {t('common.log_in')}
              </SubmitButton>
            </>
          }
        >
          <Form.Item
            name="username"
            label={t('authUi.fields.loginName')}
            rules={[ruleOf(validateLoginName, t)]}
          >
            <Input
              placeholder={t('authUi.fields.loginNamePlaceholder')}
              autoComplete="username"
              autoCapitalize="off"
              autoCorrect="off"
              clearable
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('authUi.fields.password')}
            rules={[ruleOf(validatePasswordEntered, t)]}
          >
            <PasswordInput autoComplete="current-password" placeholder={t('authUi.fields.passwordEnter')} />
          </Form.Item>
        </AuthForm>
      </section>
      <section className="section">
        <Divider className="auth-divider">{t('authUi.login.or')}</Divider>
        <div className="stack">
          <PasskeySignInButton onSignedIn={(session) => finish(session, target)} />
          {providers.map((provider) => (
            <Button
              key={provider.id}
              block
              shape="rounded"
              loading={startingWith === provider.id}
              disabled={busy}
              onClick={() => void withProvider(provider)}
              data-testid={`provider-${provider.id}`}
            >
              {t('authUi.login.withProvider', { name: provider.name })}
            </Button>
          ))}
          <Button
            block
            shape="rounded"
            fill="none"
            color="primary"
            loading={tourist.isPending}
            disabled={busy}
            onClick={() => tourist.mutate({}, { onSuccess: (session) => finish(session, target) })}
            data-testid="login-visitor"
          >
            {t('authUi.login.visitor')}
          </Button>
          <p className="auth-hint">{t('authUi.login.visitorHint')}</p>
        </div>
        <p className="auth-links">
          {t('authUi.login.noAccount')} <Link to="/auth/register">{t('authUi.signUp')}</Link>
        </p>
      </section>
    </AuthScreen>
  );
}
