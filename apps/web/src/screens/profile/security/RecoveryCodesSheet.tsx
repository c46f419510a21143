import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showFailToast, showSuccessToast } from '../../../core/feedback';
import { BottomSheet } from '../../../ui/BottomSheet';
import { useFormat } from '../../../ui/format';
import './two-step.css';

/**
 * Recovery codes, shown this once (only their hashes are kept), by the two-step and passkeys
 * sections alike: copy them or save them as a text
 * file. Only "I've saved them" closes the sheet, so a stray tap beside it does not lose them.
 */
export function RecoveryCodesSheet({
  codes,
  username,
  intro,
  onClose,
}: {
  codes: string[] | null;
  username: string;
  /** What the sheet says above the codes, when the step that made them words it its own way. */
  intro?: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const text = () =>
    [
      t('twoStepUi.recovery.fileHeading', { username }),
      t('twoStepUi.recovery.fileNote', { date: format.dateTime(Date.now()) }),
      '',
      ...(codes ?? []),
      '',
    ].join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text());
      showSuccessToast(t('twoStepUi.recovery.copied'));
    } catch {
      showFailToast(t('errors.copy_failed'));
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([text()], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'pixelhall-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <BottomSheet visible={codes !== null} onClose={() => {}} className="two-step-sheet" destroyOnClose>
      {codes && (
        <div
          role="dialog"
          aria-modal="true"
          aria-labelledby="recovery-codes-title"
          data-testid="recovery-codes"
        >
          <h2 id="recovery-codes-title" className="two-step-sheet__title">
            {t('twoStepUi.recovery.title')}
          </h2>
          <p className="two-step-sheet__text">{intro ?? t('twoStepUi.recovery.text')}</p>
          <ul className="recovery-codes__list" aria-label={t('twoStepUi.recovery.listLabel')}>
            {codes.map((code) => (
              <li key={code} data-testid="recovery-code">
                {code}
              </li>
            ))}
          </ul>
          <div className="recovery-codes__actions">
            <Button size="small" shape="rounded" onClick={() => void copy()}>
              {t('twoStepUi.recovery.copy')}
            </Button>
            <Button size="small" shape="rounded" onClick={download}>
              {t('twoStepUi.recovery.download')}
            </Button>
          </div>
          <Button block color="primary" shape="rounded" onClick={onClose} data-testid="recovery-codes-done">
            {t('twoStepUi.recovery.done')}
          </Button>
        </div>
      )}
    </BottomSheet>
  );
}
