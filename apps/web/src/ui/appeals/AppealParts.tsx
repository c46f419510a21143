import type { AppealState, ValidationResult } from '@pixelhall/contract';
import { Form, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AppForm } from '../AppForm';
import { BottomSheet } from '../BottomSheet';
import { type FieldsByReason, showAtField } from '../field-errors';
import { ruleOf } from '../form-rules';
import { SubmitButton } from '../SubmitButton';
import './appeals.css';

/** "Appeal waiting", "Appeal granted", "Appeal denied", in the state's colour. */
export function AppealStateBadge({ state }: { state: AppealState }) {
  const { t } = useTranslation();
  return (
    <span className={`appeal-state appeal-state--${state}`} data-testid="appeal-state" data-state={state}>
      {t(`appeals.state.${state}`)}
    </span>
  );
}

/** A text someone wrote (an appeal, an answer, content as it was), quoted as plain text under its label. */
export function Quote({
  label,
  text,
  tone,
  testId,
}: {
  label: string;
  text: string;
  tone?: 'granted' | 'denied';
  testId?: string;
}) {
  return (
    <blockquote className={tone ? `appeal-quote appeal-quote--${tone}` : 'appeal-quote'} data-testid={testId}>
      <span className="appeal-quote__label">{label}</span>
      <p className="appeal-quote__text">{text}</p>
    </blockquote>
  );
}

/**
 * A sheet that takes one text (an appeal's message, a moderator's answer), checked by the
 * contract's validator as the server checks it, with a counter. `onSubmit` gets the trimmed
 * text and a way to show a server refusal at the field.
 */
export function TextSheet({
  visible,
  onClose,
  title,
  hint,
  label,
  placeholder,
  submitText,
  max,
  validate,
  fieldReasons,
  pending,
  onSubmit,
  testId,
}: {
  visible: boolean;
  onClose: () => void;
  title: string;
  hint?: string;
  label: string;
  placeholder: string;
  submitText: string;
  max: number;
  validate: (value: string) => ValidationResult;
  fieldReasons: FieldsByReason;
  pending: boolean;
  onSubmit: (text: string, showError: (error: unknown) => void) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ text: string }>();
  return (
    <BottomSheet visible={visible} onClose={onClose} className="appeal-sheet" destroyOnClose>
      <div data-testid={testId}>
        <h2 className="appeal-sheet__title">{title}</h2>
        {hint && <p className="appeal-sheet__hint muted">{hint}</p>}
        <AppForm
          form={form}
          layout="vertical"
          className="appeal-sheet__form"
          onFinish={({ text }) =>
            onSubmit((text ?? '').trim(), (error) => showAtField(form, error, fieldReasons))
          }
          footer={
            <SubmitButton pending={pending} testId={`${testId}-submit`}>
              {submitText}
            </SubmitButton>
          }
        >
          <Form.Item name="text" label={label} rules={[ruleOf(validate, t)]}>
            <TextArea
              placeholder={placeholder}
              autoSize={{ minRows: 4, maxRows: 8 }}
              maxLength={max}
              showCount
              data-testid={`${testId}-text`}
            />
          </Form.Item>
        </AppForm>
      </div>
    </BottomSheet>
  );
}
