import { validateEmail, validatePassword } from '@pixelhall/contract';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { confirmRule, ruleOf } from '../../ui/form-rules';
import { PasswordInput } from './parts';

/** The e-mail field of the sign-up and password-reset forms. */
export function EmailField() {
  const { t } = useTranslation();
  return (
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
  );
}

/** A new password and its confirmation, checked by the password rules and against each other (docs/product/limits-and-errors.md#validation-messages). */
export function NewPasswordFields({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={label} rules={[ruleOf(validatePassword, t)]}>
        <PasswordInput autoComplete="new-password" placeholder={t('authUi.fields.passwordPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('authUi.fields.confirmPassword')}
        dependencies={['password']}
        rules={[confirmRule(t)]}
      >
        <PasswordInput autoComplete="new-password" placeholder={t('authUi.fields.confirmPlaceholder')} />
      </Form.Item>
    </>
  );
}
