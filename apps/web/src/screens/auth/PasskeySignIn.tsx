import type { User } from '@pixelhall/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passkeysSupported, reportCeremonyFailure, signInWithPasskey } from '../../api/queries/passkeys';
import { showBannedDialog } from '../../ui/moderation/banned';

/**
 * Signs in with a passkey: with a log-in's second-step `ticket`, as that member's second step;
 * without, with no password at all (the device offers the passkeys it holds for this site).
 * Renders nothing where the browser cannot run WebAuthn.
 */
export function PasskeySignInButton({
  ticket,
  onSignedIn,
}: {
  ticket?: string;
  onSignedIn(session: { token: string; user: User }): void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  if (!passkeysSupported()) return null;

  const start = async () => {
    setBusy(true);
    try {
      onSignedIn(await signInWithPasskey(ticket));
    } catch (err) {
      if (!showBannedDialog(err, t)) reportCeremonyFailure(err);
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
      data-testid={ticket ? 'passkey-second-step' : 'passkey-sign-in'}
    >
      {ticket ? t('passkeysUi.useForSecondStep') : t('passkeysUi.signIn')}
    </Button>
  );
}
