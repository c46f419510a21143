import { FEEDBACK_LIMITS } from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, TextArea } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/client';
import { useMe } from '../../api/queries/users';
import { showSuccessToast } from '../../core/feedback';
import { useNavigate } from '../../core/navigation';
import { host } from '../../host';
import { useDevice } from '../../state/device';
import type { FormRule } from '../../ui/form-rules';
import { NavBar } from '../../ui/NavBar';
import { Screen } from '../../ui/Screen';
import { SubmitButton } from '../../ui/SubmitButton';
import {
  deviceVersionOf,
  FEEDBACK_CHECKS,
  type FeedbackField,
  type FeedbackPayload,
  feedbackPayload,
} from './feedback-form';
import './feedback.css';
import { AppForm } from '../../ui/AppForm';

type Values = Record<FeedbackField, string | undefined>;

const ruleFor = (field: FeedbackField, t: TFunction): FormRule => ({
  validator: async (_rule, value) => {
    const problem = FEEDBACK_CHECKS[field](typeof value === 'string' ? value : '');
    if (problem) throw new Error(t(problem.key, { ...problem.values }));
  },
});

/**
 * The feedback form (docs/product/moderation-and-reports.md#feedback): device name and version as the host reports them (editable),
 * the problem and an address to answer. Checked at the fields with the contract's limits; once
 * sent, a thank-you toast and back to where the member came from. Server refusals (the rate
 * limit) are the request layer's fail toasts.
 */
export default function FeedbackScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const email = useMe().data?.email;
  const submit = useMutation({
    // The server answers a plain "OK", which the request layer never toasts: the thanks are ours.
    mutationFn: (payload: FeedbackPayload) =>
      request(routes.games.feedbackSubmit, payload, { successToast: false }),
    onSuccess: () => showSuccessToast(t('feedbackUi.sent')),
  });

  // Prefill once the host answers; never over something the member has typed already.
  useEffect(() => {
    let live = true;
    const known = useDevice.getState().system;
    const prefill = (system: typeof known) => {
      if (!live || !system) return;
      fillEmpty(form, {
        device_name: system.deviceName,
        device_version: deviceVersionOf(system.androidVersion, navigator.userAgent),
      });
    };
    host.call('getSystemInfo', undefined, { silent: true }).then(prefill, () => prefill(known));
    return () => {
      live = false;
    };
  }, [form]);
  useEffect(() => {
    if (email) fillEmpty(form, { email });
  }, [email, form]);

  const back = () => {
    if (window.history.state?.idx > 0) navigate(-1);
    else navigate('/me', { replace: true });
  };
  const send = (values: Values) => {
    if (submit.isPending) return;
    submit.mutate(feedbackPayload(values), { onSuccess: back });
  };

  return (
    <Screen>
      <NavBar title={t('feedbackUi.title')} />
      <p className="section muted feedback-intro">{t('feedbackUi.intro')}</p>
      <AppForm
        form={form}
        layout="vertical"
        className="section form-card"
        onFinish={send}
        footer={
          <SubmitButton pending={submit.isPending} testId="feedback-submit">
            {t('feedbackUi.submit')}
          </SubmitButton>
        }
      >
        <Form.Item name="device_name" label={t('feedbackUi.deviceName')} rules={[ruleFor('device_name', t)]}>
          <Input
            placeholder={t('feedbackUi.deviceNamePlaceholder')}
            maxLength={FEEDBACK_LIMITS.deviceName}
            clearable
            data-testid="feedback-device-name"
          />
        </Form.Item>
        <Form.Item
          name="device_version"
          label={t('feedbackUi.deviceVersion')}
          rules={[ruleFor('device_version', t)]}
        >
          <Input
            placeholder={t('feedbackUi.deviceVersionPlaceholder')}
            maxLength={FEEDBACK_LIMITS.deviceVersion}
            clearable
            data-testid="feedback-device-version"
          />
        </Form.Item>
        <Form.Item name="problem" label={t('feedbackUi.problem')} rules={[ruleFor('problem', t)]}>
          <TextArea
            placeholder={t('feedbackUi.problemPlaceholder')}
            rows={5}
            autoSize={{ minRows: 5, maxRows: 12 }}
            maxLength={FEEDBACK_LIMITS.problem}
            showCount
            data-testid="feedback-problem"
          />
        </Form.Item>
        <Form.Item name="email" label={t('feedbackUi.email')} rules={[ruleFor('email', t)]}>
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            placeholder={t('feedbackUi.emailPlaceholder')}
            clearable
            data-testid="feedback-email"
          />
        </Form.Item>
      </AppForm>
    </Screen>
  );
}

function fillEmpty(form: ReturnType<typeof Form.useForm<Values>>[0], values: Partial<Values>) {
  const empty = Object.fromEntries(
    Object.entries(values).filter(([field, value]) => value && !form.getFieldValue(field)),
  );
  if (Object.keys(empty).length > 0) form.setFieldsValue(empty);
}
