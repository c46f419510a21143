import { type User, validateEmailCode } from '@pixelhall/contract';
import { Form, Input } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSendVerifyMail, useVerifyEmail } from '../../api/queries/auth';
import { reasonsAtFields, showAtField } from '../../ui/field-errors';
import { ruleOf } from '../../ui/form-rules';
import { SubmitButton } from '../../ui/SubmitButton';
import { AuthForm } from './parts';

/** What the server may say about a code, shown under the code field rather than as a toast. */
const AT_CODE = {
  'errors.email_code_wrong': 'code',
  'errors.email_code_expired': 'code',
  'errors.email_code_used': 'code',
  'errors.email_code_other_account': 'code',
  'errors.email_proven_elsewhere': 'code',
} as const;

/**
 * Proving the address given at sign-up: the code comes with the mail's link (`?code=…`, sent at
 * once) or is typed; "Send again" mails a new one. Success takes the form's place.
 */
export function EmailProof({ user, linkCode }: { user: User; linkCode: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const verify = useVerifyEmail({ fieldReasons: reasonsAtFields(AT_CODE) });
  const resend = useSendVerifyMail();
  const submit = ({ code }: { code: string }) =>
    verify.mutate({ code }, { onError: (err) => showAtField(form, err, AT_CODE) });

  // The link's code is confirmed once, as if typed.
  const fromLink = useRef(false);
  useEffect(() => {
    if (!linkCode || fromLink.current) return;
    fromLink.current = true;
    form.submit();
  }, [linkCode, form]);

  if (verify.isSuccess) {
    return (
      <p className="auth-hint email-proof__done" data-testid="email-proven">
        {t('auth.email_proven')}
      </p>
    );
  }
  return (
    <section className="section" data-testid="email-proof">
      <h2 className="section__title">{t('authUi.proof.title')}</h2>
      {user.pending_email && (
        <p className="auth-hint email-proof__sent">{t('authUi.proof.sent', { email: user.pending_email })}</p>
      )}
      <AuthForm
        form={form}
        initialValues={{ code: linkCode }}
        onFinish={submit}
        footer={
          <SubmitButton pending={verify.isPending} testId="verify-email-submit">
            {t('authUi.proof.submit')}
          </SubmitButton>
        }
      >
        <Form.Item name="code" label={t('authUi.fields.code')} rules={[ruleOf(validateEmailCode, t)]}>
          <Input
            placeholder={t('authUi.proof.codePlaceholder')}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            autoCorrect="off"
            maxLength={9}
          />
        </Form.Item>
      </AuthForm>
      {user.pending_email && (
        <p className="auth-links">
          {t('authUi.reset.noCode')}{' '}
          <button
            type="button"
            className="auth-link-button"
            disabled={resend.isPending}
            onClick={() => resend.mutate({})}
            data-testid="resend-proof"
          >
            {t('authUi.proof.resend')}
          </button>
        </p>
      )}
    </section>
  );
}
