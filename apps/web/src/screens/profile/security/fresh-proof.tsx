import {
  type ErrorReason,
  type TwoStepStatus,
  type User,
  validateRecoveryCode,
  validateTotpCode,
} from '@pixelhall/contract';
import { routes } from '@pixelhall/contract/routes';
import { QueryClientProvider } from '@tanstack/react-query';
import { Button, Form, Input, Tabs } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { ApiError, request } from '../../../api/client';
import { userKeys } from '../../../api/queries/keys';
import { isCeremonyCancelled, passkeysSupported, proveWithPasskey } from '../../../api/queries/passkeys';
import { giveFreshProof, twoStepKeys } from '../../../api/queries/two-step';
import { queryClient } from '../../../api/query-client';
import { onAppEvent } from '../../../core/events';
import { showFailToast } from '../../../core/feedback';
import { AppForm } from '../../../ui/AppForm';
import { BottomSheet } from '../../../ui/BottomSheet';
import { reasonsAtFields, showAtField } from '../../../ui/field-errors';
import { ruleOf, validatePasswordEntered } from '../../../ui/form-rules';
import { SubmitButton } from '../../../ui/SubmitButton';
import './two-step.css';

const NEEDED: ErrorReason = 'errors.fresh_proof_needed';

type Method = 'password' | 'code' | 'recovery_code';

const AT_FIELDS = {
  'errors.wrong_password': 'password',
  'errors.no_password': 'password',
  'errors.totp_wrong': 'code',
  'errors.totp_replayed': 'code',
  'errors.totp_off': 'code',
  'errors.recovery_code_wrong': 'recovery_code',
  'errors.recovery_code_used': 'recovery_code',
} as const;

/**
 * Runs a change that needs a fresh proof (turning a second step off, new recovery codes, a
 * passkey, deleting the account). When the server answers `errors.fresh_proof_needed`, the
 * "Confirm it's you" sheet asks for the password, an authenticator code, a recovery code or a
 * passkey, and the change is tried once more. Cancelling the sheet rejects with the server's
 * refusal, which no toast has shown (call with `fieldReasons: ['errors.fresh_proof_needed']`).
 */
export function useFreshProof(): <T>(action: () => Promise<T>) => Promise<T> {
  return useCallback(async <T,>(action: () => Promise<T>): Promise<T> => {
    try {
      return await action();
    } catch (err) {
      if (!(err instanceof ApiError) || err.reason !== NEEDED) throw err;
      if (!(await askForProof())) throw err;
      return action();
    }
  }, []);
}

let asking: Promise<boolean> | null = null;

/** Opens the sheet (once, however many changes wait on it); resolves whether a proof was given. */
function askForProof(): Promise<boolean> {
  asking ??= openSheet().finally(() => {
    asking = null;
  });
  return asking;
}

async function openSheet(): Promise<boolean> {
  const status = await queryClient
    .fetchQuery({
      queryKey: twoStepKeys.status,
      queryFn: () => request(routes.twoStep.twoStepStatus, {}, { successToast: false, method: 'GET' }),
      staleTime: 0,
    })
    .catch(() => null);
  const me = queryClient.getQueryData<User>(userKeys.me);
  const methods: Method[] = [];
  // Unknown whether there is a password: offer it, and the server says if there is none.
  if (me?.has_password !== false && !me?.is_tourist) methods.push('password');
  if (status?.totp) methods.push('code');
  if (status && status.recovery_codes_left > 0) methods.push('recovery_code');

  // A root of its own, like a dialog's: the sheet is asked for by code, outside any screen.
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  return new Promise<boolean>((resolve) => {
    let settled = false;
    let stopListening = () => {};
    const settle = (proven: boolean) => {
      if (settled) return;
      settled = true;
      stopListening();
      resolve(proven);
      root.render(<ProofRoot methods={methods} status={status} visible={false} onDone={settle} />);
      // Let the sheet's closing run before it goes.
      setTimeout(() => {
        root.unmount();
        host.remove();
        opener?.focus({ preventScroll: true });
      }, 400);
    };
    stopListening = onAppEvent('popstate', () => settle(false));
    root.render(<ProofRoot methods={methods} status={status} visible onDone={settle} />);
  });
}

function ProofRoot(props: ProofSheetProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ProofSheet {...props} />
    </QueryClientProvider>
  );
}

interface ProofSheetProps {
  methods: Method[];
  status: TwoStepStatus | null;
  visible: boolean;
  onDone(proven: boolean): void;
}

/** "Confirm it's you": one of the member's proofs, chosen by tab when there are several. */
function ProofSheet({ methods, status, visible, onDone }: ProofSheetProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<Method, string>>();
  const [method, setMethod] = useState<Method | undefined>(methods[0]);
  const [pending, setPending] = useState(false);
  const passkeys = (status?.passkeys ?? 0) > 0 && passkeysSupported();
  const label: Record<Method, string> = {
    password: t('twoStepUi.proof.password'),
    code: t('twoStepUi.proof.code'),
    recovery_code: t('twoStepUi.proof.recovery'),
  };

  const submit = async (values: Partial<Record<Method, string>>) => {
    if (!method) return;
    setPending(true);
    try {
      const value = values[method] ?? '';
      await giveFreshProof(
        method === 'password'
          ? { password: value }
          : method === 'code'
            ? { code: value }
            : { recovery_code: value },
        { fieldReasons: reasonsAtFields(AT_FIELDS) },
      );
      setPending(false);
      onDone(true);
      return;
    } catch (err) {
      showAtField(form, err, AT_FIELDS);
    }
    setPending(false);
  };

  return (
    <BottomSheet visible={visible} onClose={() => onDone(false)} className="fresh-proof">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="fresh-proof-title"
        data-testid="fresh-proof-sheet"
      >
        <h2 id="fresh-proof-title" className="fresh-proof__title">
          {t('twoStepUi.proof.title')}
        </h2>
        {method || passkeys ? (
          <p className="fresh-proof__text">{t('twoStepUi.proof.text')}</p>
        ) : (
          <p className="fresh-proof__text" data-testid="fresh-proof-none">
            {t('twoStepUi.proof.signInAgain')}
          </p>
        )}
        {methods.length > 1 && (
          <Tabs
            activeKey={method}
            onChange={(key) => {
              form.resetFields();
              setMethod(key as Method);
            }}
            className="fresh-proof__tabs"
          >
            {methods.map((m) => (
              <Tabs.Tab key={m} title={label[m]} />
            ))}
          </Tabs>
        )}
        {method && (
          <AppForm
            form={form}
            layout="vertical"
            className="fresh-proof__form"
            onFinish={(values) => void submit(values)}
            footer={
              <SubmitButton pending={pending} size="middle" testId="fresh-proof-submit">
                {t('twoStepUi.proof.confirm')}
              </SubmitButton>
            }
          >
            {method === 'password' && (
              <Form.Item
                key="password"
                name="password"
                label={label.password}
                rules={[ruleOf(validatePasswordEntered, t)]}
              >
                <Input
                  type="password"
                  autoComplete="current-password"
                  autoFocus
                  data-testid="fresh-proof-password"
                />
              </Form.Item>
            )}
            {method === 'code' && (
              <Form.Item key="code" name="code" label={label.code} rules={[ruleOf(validateTotpCode, t)]}>
                <Input
                  placeholder={t('twoStepUi.secondStep.codePlaceholder')}
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  maxLength={7}
                  autoFocus
                  data-testid="fresh-proof-code"
                />
              </Form.Item>
            )}
            {method === 'recovery_code' && (
              <Form.Item
                key="recovery_code"
                name="recovery_code"
                label={label.recovery_code}
                rules={[ruleOf(validateRecoveryCode, t)]}
              >
                <Input
                  placeholder="xxxxx-xxxxx"
                  autoComplete="off"
                  autoCapitalize="off"
                  autoCorrect="off"
                  maxLength={24}
                  autoFocus
                  data-testid="fresh-proof-recovery"
                />
              </Form.Item>
            )}
          </AppForm>
        )}
        {passkeys && (
          <div className="fresh-proof__passkey">
            <PasskeyProof onProven={() => onDone(true)} />
          </div>
        )}
        <Button
          block
          shape="rounded"
          fill="none"
          onClick={() => onDone(false)}
          data-testid="fresh-proof-cancel"
        >
          {t('common.cancel')}
        </Button>
      </div>
    </BottomSheet>
  );
}

/**
 * A proof with one of the member's passkeys (the passkeys feature's ceremony). Screens may not
 * import one another, so this sheet has its own button rather than the log-in screen's.
 */
function PasskeyProof({ onProven }: { onProven(): void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await proveWithPasskey();
      setBusy(false);
      onProven();
      return;
    } catch (err) {
      // The API client has toasted its own refusals; the browser's sheet has not.
      if (!(err instanceof ApiError)) {
        showFailToast(t(isCeremonyCancelled(err) ? 'passkeysUi.cancelled' : 'passkeysUi.failed'));
      }
    }
    setBusy(false);
  };
  return (
    <Button
      block
      shape="rounded"
      loading={busy}
      disabled={busy}
      onClick={() => void start()}
      data-testid="passkey-proof"
    >
      {t('passkeysUi.useForProof')}
    </Button>
  );
}
