import type { ValidationResult } from '@pixelhall/contract';
import { Form, Input, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useEditUserMutation, useMe } from '../../api/queries/users';
import { useNavigate } from '../../core/navigation';
import { AppForm } from '../../ui/AppForm';
import { ruleOf } from '../../ui/form-rules';
import { NavBar } from '../../ui/NavBar';
import { Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { SubmitButton } from '../../ui/SubmitButton';

interface ProfileFieldFormProps {
  field: 'nickname' | 'signature';
  title: string;
  placeholder: string;
  max: number;
  validate: (value: string) => ValidationResult;
  multiline?: boolean;
}

/** Counted as the contract's validators count: code points of the trimmed text. */
const length = (value: unknown) => (typeof value === 'string' ? [...value.trim()].length : 0);

/**
 * One profile field, prefilled, checked at the field with the contract's validator, saved with
 * edit/user; then back to where the member came from.
 */
export function ProfileFieldForm({
  field,
  title,
  placeholder,
  max,
  validate,
  multiline,
}: ProfileFieldFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useMe();
  const edit = useEditUserMutation();
  const [form] = Form.useForm<Record<typeof field, string>>();
  const value = Form.useWatch(field, form) as string | undefined;

  const current = user?.[field] ?? '';
  const back = () => {
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate('/user/edit', { replace: true });
  };
  const save = (values: Record<typeof field, string>) => {
    const next = values[field].trim();
    // Nothing to tell the server; saving what is already there just closes the form.
    if (next === current) back();
    else edit.mutate({ [field]: next }, { onSuccess: back });
  };

  return (
    <Screen>
      <NavBar title={title} />
      {user ? (
        <AppForm
          form={form}
          layout="vertical"
          className="section form-card"
          initialValues={{ [field]: current }}
          onFinish={save}
          footer={
            <SubmitButton pending={edit.isPending} testId="profile-field-save">
              {t('profileUi.save')}
            </SubmitButton>
          }
        >
          <Form.Item
            name={field}
            label={title}
            rules={[ruleOf(validate, t)]}
            description={
              multiline ? undefined : (
                <span className={`field-count${length(value) > max ? ' field-count--over' : ''}`}>
                  {length(value)}/{max}
                </span>
              )
            }
          >
            {multiline ? (
              <TextArea
                placeholder={placeholder}
                rows={4}
                autoSize={{ minRows: 4, maxRows: 8 }}
                maxLength={max}
                showCount
                data-testid={`profile-field-${field}`}
              />
            ) : (
              <Input placeholder={placeholder} clearable autoFocus data-testid={`profile-field-${field}`} />
            )}
          </Form.Item>
        </AppForm>
      ) : (
        <Pending />
      )}
    </Screen>
  );
}
