import { ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useArchiveTransfer } from '../../games/cloud-sync';

/** The live upload or download of one slot, while it runs. */
export function SlotProgress({ romMd5, slot }: { romMd5: string; slot: number }) {
  const { t } = useTranslation();
  const transfer = useArchiveTransfer(romMd5, slot);
  if (!transfer) return null;
  const label =
    transfer.direction === 'upload'
      ? t('archivesUi.uploading', { progress: transfer.progress })
      : t('archivesUi.downloading', { progress: transfer.progress });
  return (
    <div className="archive-progress" data-testid="archive-progress" role="status">
      <ProgressBar percent={transfer.progress} />
      <span>{label}</span>
    </div>
  );
}
