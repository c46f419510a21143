import { REPORT_REASONS, REPORT_TEXT_MAX, validateReport } from '@pixelhall/contract';
import { ActionSheet, Form, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReport } from '../../api/queries/members';
import { useOverlayStyle } from '../../core/overlay';
import { AppForm } from '../AppForm';
import { BottomSheet } from '../BottomSheet';
import { ruleOf } from '../form-rules';
import { SubmitButton } from '../SubmitButton';
import './report-flow.css';

type ReportReason = (typeof REPORT_REASONS)[number];

/**
 * Reporting a post, a comment or a member to the moderators (docs/product/moderation-and-reports.md#reports):
 * a sheet of reasons, then a popup asking what is wrong. The caller opens it (behind its guard,
 * as a visitor goes to log in instead) and words it for what is reported; the server's answer
 * is the toast, and the popup closes only once the report is in.
 */
export function ReportFlow({
  target,
  id,
  open,
  onClose,
  why,
  title,
  placeholder,
}: {
  target: 'post' | 'comment' | 'user';
  id: number;
  /** The reasons sheet is up; it closes (onClose) on a pick or a cancel. */
  open: boolean;
  onClose: () => void;
  /** Heads the reasons: what is being reported and why. */
  why: string;
  /** Heads the popup that asks what is wrong. */
  title: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const reasonsStyle = useOverlayStyle(open);
  return (
    <>
      <ActionSheet
        visible={open}
        extra={why}
        actions={REPORT_REASONS.map((key) => ({
          key,
          text: t(`postDetail.reasons.${key}`),
          onClick: () => setReason(key),
        }))}
        cancelText={t('common.cancel')}
        closeOnAction
        onClose={onClose}
        popupStyle={reasonsStyle}
      />
      <ReportText
        target={target}
        id={id}
        reason={reason}
        title={title}
        placeholder={placeholder ?? t('postDetail.reportPlaceholder')}
        onClose={() => setReason(null)}
      />
    </>
  );
}

function ReportText({
  target,
  id,
  reason,
  title,
  placeholder,
  onClose,
}: {
  target: 'post' | 'comment' | 'user';
  id: number;
  reason: ReportReason | null;
  title: string;
  placeholder: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const report = useReport();
  const [form] = Form.useForm<{ text: string }>();
  return (
    <BottomSheet visible={reason !== null} onClose={onClose} className="report-popup" destroyOnClose>
      <h2 className="report-popup__title">{title}</h2>
      {reason && <p className="report-popup__reason">{t(`postDetail.reasons.${reason}`)}</p>}
      <AppForm
        form={form}
        layout="vertical"
        className="report-popup__form"
        onFinish={({ text }) => {
          if (!reason) return;
          report.mutate(
            { target, id, reason, text: text.trim() },
            {
              onSuccess: () => {
                form.resetFields();
                onClose();
              },
            },
          );
        }}
        footer={
          <SubmitButton pending={report.isPending} testId="report-submit">
            {t('postDetail.reportSend')}
          </SubmitButton>
        }
      >
        <Form.Item name="text" rules={[ruleOf(validateReport, t)]}>
          <TextArea
            placeholder={placeholder}
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={REPORT_TEXT_MAX}
            showCount
            data-testid="report-text"
          />
        </Form.Item>
      </AppForm>
    </BottomSheet>
  );
}
