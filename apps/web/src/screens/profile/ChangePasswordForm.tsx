import { validatePassword } from '@pixelhall/contract';
import { Form, Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useChangePasswordMutation } from '../../api/queries/users';
import { AppForm } from '../../ui/AppForm';
import { reasonsAtFields, showAtField } from '../../ui/field-errors';
import { confirmRule, ruleOf, validatePasswordEntered } from '../../ui/form-rules';
import { SubmitButton } from '../../ui/SubmitButton';

const AT_FIELDS = { 'errors.wrong_password': 'old_password' } as const;

interface Values {
  old_password: string;
  password: string;
  confirm: string;
}

/** Current password, new password twice; the other sessions end on the server's side. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const change = useChangePasswordMutation({ fieldReasons: reasonsAtFields(AT_FIELDS) });
  const save = ({ old_password, password }: Values) => {
    change.mutate(
      { old_password, password },
      { onSuccess: () => form.resetFields(), onError: (err) => showAtField(form, err, AT_FIELDS) },
    );
  };
  return (
    <AppForm
      form={form}
      layout="vertical"
      className="form-card"
      onFinish={save}
      footer={
        <SubmitButton pending={change.isPending} size="middle" testId="change-password-submit">
          {t('profileUi.security.changePassword')}
        </SubmitButton>
      }
    >
      <Form.Item
        name="old_password"
        label={t('profileUi.security.currentPassword')}
        rules={[ruleOf(validatePasswordEntered, t)]}
      >
        <Input type="password" autoComplete="current-password" data-testid="old-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('profileUi.security.newPassword')}
        rules={[ruleOf(validatePassword, t)]}
      >
        <Input type="password" autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('profileUi.security.confirmPassword')}
        dependencies={['password']}
        rules={[ruleOf(validatePasswordEntered, t), confirmRule(t)]}
      >
        <Input type="password" autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
    </AppForm>
  );
}
