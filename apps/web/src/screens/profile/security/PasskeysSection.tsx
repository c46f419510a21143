import { PASSKEY_NAME_MAX, type Passkey, validatePasskeyName } from '@pixelhall/contract';
import { ActionSheet, Button, Form, Input, List } from 'antd-mobile';
import { CloseOutline, MoreOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  passkeysSupported,
  refreshPasskeys,
  registerPasskey,
  removePasskey,
  reportCeremonyFailure,
  usePasskeys,
  useRenamePasskey,
} from '../../../api/queries/passkeys';
import { useTwoStepStatus } from '../../../api/queries/two-step';
import { useMe } from '../../../api/queries/users';
import { confirmAction } from '../../../core/confirm';
import { useOverlayStyle } from '../../../core/overlay';
import { AppForm } from '../../../ui/AppForm';
import { BottomSheet } from '../../../ui/BottomSheet';
import { showAtField } from '../../../ui/field-errors';
import type { FormRule } from '../../../ui/form-rules';
import { useFormat } from '../../../ui/format';
import { LoadFailed, Pending } from '../../../ui/QueryStates';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useFreshProof } from './fresh-proof';
import { RecoveryCodesSheet } from './RecoveryCodesSheet';
import './passkeys-section.css';

/** What the device is, for a passkey's first name: the member can change it before saving. */
function deviceName(): string | null {
  const ua = navigator.userAgent;
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/Android/.test(ua)) return 'Android';
  if (/CrOS/.test(ua)) return 'Chromebook';
  if (/Macintosh|Mac OS X/.test(ua)) return 'Mac';
  if (/Windows/.test(ua)) return 'Windows';
  if (/Linux/.test(ua)) return 'Linux';
  return null;
}

/**
 * Passkeys in Account and security: the list (name, added, last used), adding one (named first,
 * the device's name offered), renaming and removing. Adding and removing need a fresh proof;
 * the first second step shows its recovery codes once. A browser without WebAuthn can still see,
 * rename and remove the member's passkeys, but not add one; with none to show, the section hides.
 */
export function PasskeysSection() {
  const { t } = useTranslation();
  const supported = passkeysSupported();
  const passkeys = usePasskeys();
  const withProof = useFreshProof();
  const twoStep = useTwoStepStatus();
  const [naming, setNaming] = useState<Passkey | 'new' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const me = useMe();
  const list = passkeys.data?.list ?? [];

  if (!supported && list.length === 0) return null;

  const add = async (name: string) => {
    const added = await withProof(() => registerPasskey(name));
    setNaming(null);
    void refreshPasskeys();
    if (added.recovery_codes) setCodes(added.recovery_codes);
  };

  const remove = async (passkey: Passkey) => {
    let content = t('passkeysUi.removeConfirm', { name: passkey.name });
    // The last passkey with no authenticator app is the member's last second step.
    if (list.length === 1 && twoStep.data?.totp === false) {
      content = `${content} ${t('passkeysUi.removeLast')}`;
    }
    const confirmed = await confirmAction({ content, confirmText: t('passkeysUi.remove'), danger: true });
    if (!confirmed) return;
    try {
      await withProof(() => removePasskey(passkey.id));
    } catch {
      // The client or the proof sheet has said why.
    }
    void refreshPasskeys();
  };

  return (
    <div className="passkeys-section" data-testid="passkeys-section">
      <h2 className="section__title">{t('passkeysUi.title')}</h2>
      <p className="passkeys-section__intro muted">{t('passkeysUi.intro')}</p>
      {passkeys.isPending ? (
        <Pending />
      ) : passkeys.isError ? (
        <LoadFailed onRetry={() => passkeys.refetch()} />
      ) : (
        <List className="list-card" data-testid="passkeys-list">
          {list.length === 0 ? (
            <List.Item>
              <span className="muted">{t('passkeysUi.none')}</span>
            </List.Item>
          ) : (
            list.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                onRename={() => setNaming(passkey)}
                onRemove={() => void remove(passkey)}
              />
            ))
          )}
        </List>
      )}
      {supported && (
        <Button
          block
          shape="rounded"
          fill="outline"
          color="primary"
          className="passkeys-section__add"
          onClick={() => setNaming('new')}
          data-testid="passkey-add"
        >
          {t('passkeysUi.add')}
        </Button>
      )}
      <NameSheet naming={naming} onClose={() => setNaming(null)} onAdd={add} />
      <RecoveryCodesSheet
        codes={codes}
        username={me.data?.username ?? ''}
        intro={t('passkeysUi.recoveryText')}
        onClose={() => setCodes(null)}
      />
    </div>
  );
}

function PasskeyRow({
  passkey,
  onRename,
  onRemove,
}: {
  passkey: Passkey;
  onRename: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [menu, setMenu] = useState(false);
  const style = useOverlayStyle(menu);
  return (
    <List.Item
      data-testid="passkey-row"
      data-passkey-id={passkey.id}
      description={
        <span className="passkey-row__details">
          <span>{t('passkeysUi.added', { date: format.date(passkey.created_at) })}</span>
          <span data-testid="passkey-last-used">
            {passkey.last_used_at === null
              ? t('passkeysUi.neverUsed')
              : t('passkeysUi.lastUsed', { date: format.dateTime(passkey.last_used_at) })}
          </span>
        </span>
      }
      extra={
        <>
          <button
            type="button"
            className="icon-button passkey-row__menu"
            aria-label={t('passkeysUi.actionsFor', { name: passkey.name })}
            onClick={() => setMenu(true)}
            data-testid="passkey-menu"
          >
            <MoreOutline />
          </button>
          <ActionSheet
            visible={menu}
            onClose={() => setMenu(false)}
            popupStyle={style}
            cancelText={t('common.cancel')}
            closeOnAction
            actions={[
              { key: 'rename', text: t('passkeysUi.rename'), onClick: onRename },
              { key: 'remove', text: t('passkeysUi.remove'), danger: true, onClick: onRemove },
            ]}
          />
        </>
      }
    >
      <span className="passkey-row__name">{passkey.name}</span>
      {passkey.device_type === 'multi_device' && (
        <span className="passkey-row__synced">{t('passkeysUi.synced')}</span>
      )}
    </List.Item>
  );
}

/** Naming a new passkey (before the device's sheet) or renaming one. */
function NameSheet({
  naming,
  onClose,
  onAdd,
}: {
  naming: Passkey | 'new' | null;
  onClose: () => void;
  onAdd: (name: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const rename = useRenamePasskey();
  const [adding, setAdding] = useState(false);
  const isNew = naming === 'new';
  const current = naming !== null && naming !== 'new' ? naming : null;

  const rule: FormRule = {
    validator: async (_rule, value) => {
      const key = validatePasskeyName(typeof value === 'string' ? value : '');
      if (key) throw new Error(t(key, { max: PASSKEY_NAME_MAX }));
    },
  };

  const submit = async ({ name }: { name: string }) => {
    if (current) {
      rename.mutate(
        { id: current.id, name },
        {
          onSuccess: onClose,
          onError: (err) => showAtField(form, err, { 'validation.passkey_name_too_long': 'name' }),
        },
      );
      return;
    }
    setAdding(true);
    try {
      await onAdd(name.trim());
    } catch (err) {
      reportCeremonyFailure(err);
    }
    setAdding(false);
  };

  return (
    <BottomSheet visible={naming !== null} onClose={onClose} className="passkey-name" destroyOnClose>
      <header className="passkey-name__header">
        <h2>{isNew ? t('passkeysUi.nameTitle') : t('passkeysUi.renameTitle')}</h2>
        <button type="button" className="icon-button" aria-label={t('common.cancel')} onClick={onClose}>
          <CloseOutline />
        </button>
      </header>
      <AppForm
        form={form}
        layout="vertical"
        initialValues={{ name: current?.name ?? deviceName() ?? t('passkeysUi.defaultName') }}
        onFinish={(values) => void submit(values)}
        footer={
          <SubmitButton pending={adding || rename.isPending} testId="passkey-name-submit">
            {isNew ? t('passkeysUi.continue') : t('passkeysUi.save')}
          </SubmitButton>
        }
      >
        <Form.Item
          name="name"
          label={t('passkeysUi.nameLabel')}
          description={t('passkeysUi.nameHint')}
          rules={[rule]}
        >
          <Input maxLength={PASSKEY_NAME_MAX} clearable autoComplete="off" data-testid="passkey-name-input" />
        </Form.Item>
      </AppForm>
    </BottomSheet>
  );
}
