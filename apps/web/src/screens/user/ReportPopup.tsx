import { REPORT_REASONS, REPORT_TEXT_MAX } from '@pixelhall/contract';
import { Button, Selector, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReport } from '../../api/queries/members';
import { showFailToast } from '../../core/feedback';
import { BottomSheet } from '../../ui/BottomSheet';

type Reason = (typeof REPORT_REASONS)[number];

/** Reporting a member to the moderators: a reason and a few words (both required, docs/product/moderation-and-reports.md#reports). */
export function ReportPopup({
  visible,
  onClose,
  userId,
  name,
}: {
  visible: boolean;
  onClose: () => void;
  userId: number;
  name: string;
}) {
  const { t } = useTranslation();
  const report = useReport();
  const [reason, setReason] = useState<Reason | null>(null);
  const [text, setText] = useState('');

  const submit = () => {
    if (!reason) return showFailToast(t('validation.items_required'));
    if (!text.trim()) return showFailToast(t('validation.report_required'));
    report.mutate(
      { target: 'user', id: userId, reason, text: text.trim() },
      {
        onSuccess: () => {
          setReason(null);
          setText('');
          onClose();
        },
      },
    );
  };

  return (
    <BottomSheet visible={visible} onClose={onClose} className="report-popup" destroyOnClose>
      <h2 className="report-popup__title">{t('userPage.report.title', { name })}</h2>
      <p className="report-popup__label">{t('userPage.report.reason')}</p>
      <Selector
        columns={2}
        options={REPORT_REASONS.map((r) => ({ value: r, label: t(`userPage.report.reasons.${r}`) }))}
        value={reason ? [reason] : []}
        onChange={(values) => setReason(values[0] ?? null)}
        data-testid="report-reasons"
      />
      <p className="report-popup__label">{t('userPage.report.details')}</p>
      <TextArea
        className="report-popup__text"
        value={text}
        onChange={setText}
        placeholder={t('userPage.report.placeholder')}
        maxLength={REPORT_TEXT_MAX}
        showCount
        rows={3}
        data-testid="report-text"
      />
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        loading={report.isPending}
        onClick={submit}
        data-testid="report-submit"
      >
        {t('userPage.report.submit')}
      </Button>
    </BottomSheet>
  );
}
