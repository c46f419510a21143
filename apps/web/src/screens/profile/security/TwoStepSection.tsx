import { type DataOf, validateTotpCode } from '@pixelhall/contract';
import type { routes } from '@pixelhall/contract/routes';
import { Button, Form, Input, List, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import {
  disableTotp,
  enableTotp,
  regenerateRecoveryCodes,
  startTotpSetup,
  useTwoStepStatus,
} from '../../../api/queries/two-step';
import { useMe } from '../../../api/queries/users';
import { confirmAction } from '../../../core/confirm';
import { showFailToast, showSuccessToast } from '../../../core/feedback';
import { AppForm } from '../../../ui/AppForm';
import { BottomSheet } from '../../../ui/BottomSheet';
import { reasonsAtFields, showAtField } from '../../../ui/field-errors';
import { ruleOf } from '../../../ui/form-rules';
import { LoadFailed, Pending } from '../../../ui/QueryStates';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useFreshProof } from './fresh-proof';
import { RecoveryCodesSheet } from './RecoveryCodesSheet';
import './two-step.css';

type Setup = DataOf<typeof routes.twoStep.totpSetup>;

/** A change the proof sheet was cancelled for, or the client already told the member about. */
const quietly = (err: unknown) => {
  if (!(err instanceof ApiError)) showFailToast(String(err));
};

/**
 * Two-step sign-in in Account and security: whether an authenticator app is on, the recovery
 * codes left, setting the app up (QR code and key, then one code), new recovery codes and
 * turning the app off, the last two behind a fresh proof. Visitors have no password to add a
 * second step to, so it is not shown to them.
 */
export function TwoStepSection() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const status = useTwoStepStatus();
  const withProof = useFreshProof();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  if (me?.is_tourist) return null;

  const start = async () => {
    setStarting(true);
    await withProof(startTotpSetup).then(setSetup, quietly);
    setStarting(false);
  };

  const regenerate = async () => {
    const confirmed = await confirmAction({
      content: t('twoStepUi.section.regenerateConfirm'),
      confirmText: t('twoStepUi.section.regenerateAction'),
    });
    if (confirmed) await withProof(regenerateRecoveryCodes).then(setCodes, quietly);
  };

  const turnOff = async () => {
    const last = (status.data?.passkeys ?? 0) === 0;
    const confirmed = await confirmAction({
      content: t(last ? 'twoStepUi.section.turnOffLast' : 'twoStepUi.section.turnOffConfirm'),
      confirmText: t('twoStepUi.section.turnOff'),
      danger: true,
    });
    if (confirmed) await withProof(disableTotp).catch(quietly);
  };

  const data = status.data;
  return (
    <div className="two-step-section" data-testid="two-step-section">
      <h2 className="section__title">{t('twoStepUi.section.title')}</h2>
      <p className="two-step-section__intro muted">{t('twoStepUi.section.intro')}</p>
      {status.isPending ? (
        <Pending />
      ) : status.isError || !data ? (
        <LoadFailed onRetry={() => status.refetch()} />
      ) : (
        <>
          <List className="list-card">
            <List.Item
              data-testid="two-step-app"
              data-on={data.totp || undefined}
              extra={
                <Tag color={data.totp ? 'success' : 'default'} fill="outline" round>
                  {data.totp ? t('twoStepUi.section.on') : t('twoStepUi.section.off')}
                </Tag>
              }
              description={
                data.totp || data.passkeys > 0 ? (
                  <span className="two-step-section__details" data-testid="two-step-recovery-left">
                    {data.recovery_codes_left > 0
                      ? t('twoStepUi.section.recoveryLeft', { count: data.recovery_codes_left })
                      : t('twoStepUi.section.recoveryNone')}
                  </span>
                ) : undefined
              }
            >
              {t('twoStepUi.section.app')}
            </List.Item>
          </List>
          <div className="two-step-section__actions">
            {!data.totp && (
              <Button
                block
                color="primary"
                fill="outline"
                shape="rounded"
                loading={starting}
                onClick={() => void start()}
                data-testid="two-step-set-up"
              >
                {t('twoStepUi.section.setUp')}
              </Button>
            )}
            {(data.totp || data.passkeys > 0) && (
              <Button
                block
                shape="rounded"
                onClick={() => void regenerate()}
                data-testid="two-step-regenerate"
              >
                {t('twoStepUi.section.regenerate')}
              </Button>
            )}
            {data.totp && (
              <Button
                block
                color="danger"
                fill="outline"
                shape="rounded"
                onClick={() => void turnOff()}
                data-testid="two-step-turn-off"
              >
                {t('twoStepUi.section.turnOff')}
              </Button>
            )}
          </div>
        </>
      )}
      <SetupSheet
        setup={setup}
        onClose={() => setSetup(null)}
        onEnabled={(recoveryCodes) => {
          setSetup(null);
          if (recoveryCodes) setCodes(recoveryCodes);
          else showSuccessToast(t('twoStepUi.recovery.kept'));
        }}
      />
      <RecoveryCodesSheet codes={codes} username={me?.username ?? ''} onClose={() => setCodes(null)} />
    </div>
  );
}

const SETUP_FIELDS = {
  'errors.totp_wrong': 'code',
  'errors.totp_replayed': 'code',
  'errors.totp_not_set_up': 'code',
} as const;

/** The QR code and the key for the app, then one code from it to turn it on. */
function SetupSheet({
  setup,
  onClose,
  onEnabled,
}: {
  setup: Setup | null;
  onClose(): void;
  onEnabled(recoveryCodes: string[] | null): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ code: string }>();
  const [pending, setPending] = useState(false);

  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(setup?.secret ?? '');
      showSuccessToast(t('twoStepUi.setup.keyCopied'));
    } catch {
      showFailToast(t('errors.copy_failed'));
    }
  };

  const turnOn = async ({ code }: { code: string }) => {
    setPending(true);
    try {
      const { recovery_codes } = await enableTotp(code, { fieldReasons: reasonsAtFields(SETUP_FIELDS) });
      form.resetFields();
      onEnabled(recovery_codes);
    } catch (err) {
      showAtField(form, err, SETUP_FIELDS);
    }
    setPending(false);
  };

  return (
    <BottomSheet visible={setup !== null} onClose={onClose} className="two-step-sheet" destroyOnClose>
      {setup && (
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby="two-step-setup-title"
          data-testid="two-step-setup"
        >
          <h2 id="two-step-setup-title" className="two-step-sheet__title">
            {t('twoStepUi.setup.title')}
          </h2>
          <p className="two-step-sheet__text">{t('twoStepUi.setup.scan')}</p>
          <img className="two-step-setup__qr" src={setup.qr} alt={t('twoStepUi.setup.qrAlt')} />
          <p className="two-step-sheet__text">{t('twoStepUi.setup.manual')}</p>
          <div className="two-step-setup__secret">
            <code data-testid="two-step-secret">{setup.secret.replace(/(.{4})(?=.)/g, '$1 ')}</code>
            <Button size="small" shape="rounded" onClick={() => void copyKey()}>
              {t('twoStepUi.setup.copyKey')}
            </Button>
          </div>
          <p className="two-step-sheet__text">{t('twoStepUi.setup.enterCode')}</p>
          <AppForm
            form={form}
            layout="vertical"
            mode="card"
            className="two-step-setup__form"
            onFinish={(values) => void turnOn(values)}
            footer={
              <SubmitButton pending={pending} size="middle" testId="two-step-turn-on">
                {t('twoStepUi.setup.turnOn')}
              </SubmitButton>
            }
          >
            <Form.Item
              name="code"
              label={t('twoStepUi.setup.codeLabel')}
              rules={[ruleOf(validateTotpCode, t)]}
            >
              <Input
                placeholder={t('twoStepUi.secondStep.codePlaceholder')}
                autoComplete="one-time-code"
                inputMode="numeric"
                maxLength={7}
                data-testid="two-step-setup-code"
              />
            </Form.Item>
          </AppForm>
          <Button block shape="rounded" fill="none" onClick={onClose}>
            {t('common.cancel')}
          </Button>
        </div>
      )}
    </BottomSheet>
  );
}
