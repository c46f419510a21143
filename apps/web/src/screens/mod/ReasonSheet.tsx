import { SANCTION_REASON_MAX } from '@pixelhall/contract';
import { Button, TextArea } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../ui/BottomSheet';
import { ChoiceChips } from './ChoiceChips';
import { checkReason, REASON_PRESETS, type ReasonPreset, SUSPEND_HOURS, type SuspendLength } from './reason';

/**
 * Asks why before a moderator's action: a preset reason (Spam, Harassment …) and/or words of
 * their own, and for a suspension how long. `onSubmit` gets the reason to send; the caller
 * confirms and acts, and closes the sheet once the server agreed.
 */
export function ReasonSheet({
  visible,
  onClose,
  title,
  hint,
  submitText,
  pending,
  presets = true,
  durations = false,
  danger = false,
  onSubmit,
  testId,
}: {
  visible: boolean;
  onClose: () => void;
  title: string;
  hint?: string;
  submitText: string;
  pending: boolean;
  presets?: boolean;
  durations?: boolean;
  danger?: boolean;
  onSubmit: (reason: string, hours: number | undefined, length: SuspendLength | undefined) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [preset, setPreset] = useState<ReasonPreset | null>(null);
  const [details, setDetails] = useState('');
  const [length, setLength] = useState<SuspendLength>('d1');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = () => {
    const checked = checkReason({
      presets,
      preset,
      presetLabel: preset ? t(`modDesk.reason.presets.${preset}`) : null,
      details,
      max: SANCTION_REASON_MAX,
    });
    if ('problem' in checked) {
      setProblem(
        checked.problem === 'tooLong'
          ? t('modDesk.reason.tooLong', { max: SANCTION_REASON_MAX })
          : presets
            ? t('modDesk.reason.needReason')
            : t('validation.mod_reason_required'),
      );
      return;
    }
    setProblem(null);
    onSubmit(checked.reason, durations ? SUSPEND_HOURS[length] : undefined, durations ? length : undefined);
  };

  return (
    <BottomSheet visible={visible} onClose={onClose} className="mod-sheet mod-reason" destroyOnClose>
      <section aria-labelledby={titleId} data-testid={testId}>
        <h2 className="mod-sheet__title" id={titleId}>
          {title}
        </h2>
        {hint && <p className="mod-sheet__hint muted">{hint}</p>}
        {durations && (
          <ChoiceChips
            label={t('modDesk.reason.length')}
            options={(Object.keys(SUSPEND_HOURS) as SuspendLength[]).map((key) => ({
              value: key,
              label: t(`modDesk.lengths.${key}`),
            }))}
            value={length}
            onChange={setLength}
            testId="mod-reason-lengths"
          />
        )}
        {presets && (
          <ChoiceChips
            label={t('modDesk.reason.pick')}
            options={REASON_PRESETS.map((key) => ({ value: key, label: t(`modDesk.reason.presets.${key}`) }))}
            value={preset}
            onChange={(value) => {
              setPreset(value);
              setProblem(null);
            }}
            testId="mod-reason-presets"
          />
        )}
        <label className="mod-choice__label" htmlFor={`${titleId}-details`}>
          {presets ? t('modDesk.reason.details') : t('modDesk.reason.why')}
        </label>
        <TextArea
          id={`${titleId}-details`}
          className="mod-reason__text"
          value={details}
          onChange={(value) => {
            setDetails(value);
            setProblem(null);
          }}
          placeholder={presets ? t('modDesk.reason.detailsPlaceholder') : t('modDesk.reason.whyPlaceholder')}
          maxLength={SANCTION_REASON_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="mod-reason-text"
        />
        {problem && (
          <p className="mod-reason__problem" role="alert">
            {problem}
          </p>
        )}
        <Button
          block
          color={danger ? 'danger' : 'primary'}
          shape="rounded"
          size="large"
          loading={pending}
          disabled={pending}
          onClick={submit}
          data-testid="mod-reason-submit"
        >
          {submitText}
        </Button>
      </section>
    </BottomSheet>
  );
}
