import { type User, validateRecoveryCode, validateTotpCode } from '@pixelhall/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Divider, Form, Input } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { verifySecondStep } from '../../api/queries/two-step';
import { useNavigate } from '../../core/navigation';
import { useRouteQuery } from '../../core/route-context';
import { reasonsAtFields, showAtField } from '../../ui/field-errors';
import { ruleOf } from '../../ui/form-rules';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import { SubmitButton } from '../../ui/SubmitButton';
import { useFinishSignIn } from './finish';
import { PasskeySignInButton } from './PasskeySignIn';
import { AuthForm, AuthScreen } from './parts';
import { afterSignIn } from './redirect';
import { dropSecondStep, heldSecondStep } from './second-step';

const AT_FIELDS = {
  'errors.totp_wrong': 'code',
  'errors.totp_replayed': 'code',
  'errors.totp_off': 'code',
  'errors.recovery_code_wrong': 'recovery_code',
  'errors.recovery_code_used': 'recovery_code',
} as const;
/** Shown as the "sign in again" page rather than a toast. */
const EXPIRED = 'errors.second_step_expired';

type Mode = 'code' | 'recovery';

/**
 * The second step of a log-in (docs/product/accounts-and-sessions.md, "Two-step sign-in"): the
 * authenticator app's code, a recovery code, or a passkey, with the ticket the log-in answered.
 */
export default function SecondStepScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = useRouteQuery().get('redirect');
  const target = afterSignIn(redirect);
  const finish = useFinishSignIn();
  const [challenge, setChallenge] = useState(() => heldSecondStep());
  const methods = challenge?.methods ?? [];
  const [mode, setMode] = useState<Mode>(methods.includes('totp') ? 'code' : 'recovery');
  const [form] = Form.useForm<{ code?: string; recovery_code?: string }>();

  const done = (session: { token: string; user: User }) => {
    dropSecondStep();
    finish(session, target);
  };

  const verify = useMutation({
    mutationFn: (answer: { code: string } | { recovery_code: string }) =>
      verifySecondStep(
        { ticket: challenge?.ticket ?? '', ...answer },
        { fieldReasons: [...reasonsAtFields(AT_FIELDS), EXPIRED] },
      ),
    onSuccess: done,
    onError: (err) => {
      if (err instanceof ApiError && err.reason === EXPIRED) {
        dropSecondStep();
        setChallenge(null);
        return;
      }
      showAtField(form, err, AT_FIELDS);
    },
  });

  if (!challenge) {
    return (
      <Screen>
        <NavBar title={t('twoStepUi.secondStep.title')} />
        <div className="auth-status" role="alert" data-testid="second-step-expired">
          <ClockCircleOutline className="auth-status__icon" aria-hidden="true" />
          <h1>{t('twoStepUi.secondStep.expiredTitle')}</h1>
          <p>{t('twoStepUi.secondStep.expiredText')}</p>
          <Button
            color="primary"
            shape="rounded"
            onClick={() => navigate(`/login?redirect=${encodeURIComponent(target)}`, { replace: true })}
          >
            {t('twoStepUi.secondStep.backToLogin')}
          </Button>
        </div>
      </Screen>
    );
  }

  const canSwitch = methods.includes('totp') && methods.includes('recovery');
  const hasForm = methods.includes('totp') || methods.includes('recovery');
  const submit = (values: { code?: string; recovery_code?: string }) =>
    verify.mutate(
      mode === 'code' ? { code: values.code ?? '' } : { recovery_code: values.recovery_code ?? '' },
    );
  const switchTo = (next: Mode) => {
    form.resetFields();
    setMode(next);
  };

  return (
    <AuthScreen
      title={t('twoStepUi.secondStep.title')}
      heading={t('twoStepUi.secondStep.heading')}
      text={t('twoStepUi.secondStep.intro')}
    >
      {hasForm && (
        <section className="section">
          <AuthForm
            form={form}
            onFinish={submit}
            footer={
              <SubmitButton pending={verify.isPending} testId="second-step-submit">
                {t('twoStepUi.secondStep.verify')}
              </SubmitButton>
            }
          >
            {mode === 'code' ? (
              <Form.Item
                key="code"
                name="code"
                label={t('twoStepUi.secondStep.codeLabel')}
                rules={[ruleOf(validateTotpCode, t)]}
              >
                <Input
                  placeholder={t('twoStepUi.secondStep.codePlaceholder')}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  enterKeyHint="done"
                  maxLength={7}
                  autoFocus
                  data-testid="second-step-code"
                />
              </Form.Item>
            ) : (
              <Form.Item
                key="recovery_code"
                name="recovery_code"
                label={t('twoStepUi.secondStep.recoveryLabel')}
                help={t('twoStepUi.secondStep.recoveryHint')}
                rules={[ruleOf(validateRecoveryCode, t)]}
              >
                <Input
                  placeholder="xxxxx-xxxxx"
                  autoComplete="off"
                  autoCapitalize="off"
                  autoCorrect="off"
                  enterKeyHint="done"
                  maxLength={24}
                  autoFocus
                  data-testid="second-step-recovery"
                />
              </Form.Item>
            )}
          </AuthForm>
          {canSwitch && (
            <p className="auth-links">
              <button
                type="button"
                className="auth-link-button"
                onClick={() => switchTo(mode === 'code' ? 'recovery' : 'code')}
                data-testid="second-step-switch"
              >
                {mode === 'code' ? t('twoStepUi.secondStep.useRecovery') : t('twoStepUi.secondStep.useCode')}
              </button>
            </p>
          )}
        </section>
      )}
      {methods.includes('passkey') && (
        <section className="section">
          {hasForm && <Divider className="auth-divider">{t('twoStepUi.secondStep.or')}</Divider>}
          <PasskeySignInButton ticket={challenge.ticket} onSignedIn={done} />
        </section>
      )}
    </AuthScreen>
  );
}
