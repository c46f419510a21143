import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { type CloudSlot, useArchiveHistory, useDeleteCloudArchive } from '../../api/queries/archives';
import { confirmAction } from '../../core/confirm';
import { downloadCloudSlot } from '../../games/cloud-sync';
import { deviceId } from '../../host/archives-cloud/device-id';
import { BottomSheet } from '../../ui/BottomSheet';
import { EmptyState } from '../../ui/EmptyState';
import { useFormat } from '../../ui/format';
import { LoadFailed, Pending } from '../../ui/QueryStates';

/**
 * A cloud slot's kept versions (the last 10), newest first: restoring one downloads it into the
 * same local slot; a single version can be deleted too.
 */
export function HistorySheet({
  romMd5,
  slot,
  onClose,
}: {
  romMd5: string;
  slot: CloudSlot | null;
  onClose: () => void;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const history = useArchiveHistory(slot?.id ?? null);
  const remove = useDeleteCloudArchive();
  const thisDevice = deviceId();

  const restore = async (versionId: number) => {
    if (!slot) return;
    if (await downloadCloudSlot({ romMd5, slot: slot.slot, cloudSlotId: slot.id, versionId })) onClose();
  };
  const removeVersion = async (versionId: number) => {
    if (!slot) return;
    const confirmed = await confirmAction({
      title: t('archivesUi.deleteCloudTitle'),
      content: t('archivesUi.deleteVersionText'),
      confirmText: t('archivesUi.delete'),
      danger: true,
    });
    if (!confirmed) return;
    const result = await remove.mutateAsync({ slotId: slot.id, versionId }).catch(() => null);
    if (result?.slot_deleted) onClose();
  };

  const versions = history.data?.list;
  return (
    <BottomSheet visible={slot !== null} onClose={onClose} className="archive-history" destroyOnClose>
      {slot && (
        <div data-testid="archive-history">
          <h2 className="archive-history__title">{t('archivesUi.historyTitle', { slot: slot.slot })}</h2>
          <p className="archive-history__hint muted">{t('archivesUi.historyHint')}</p>
          {versions ? (
            versions.length === 0 ? (
              <EmptyState />
            ) : (
              <ol className="archive-history__list">
                {versions.map((v, i) => (
                  <li key={v.version_id} className="archive-version" data-testid="archive-version">
                    <span className="archive-version__body">
                      <strong>{fmt.compactDateTime(v.add_time)}</strong>
                      <span className="muted">
                        {v.device_id === thisDevice
                          ? t('archivesUi.thisDevice')
                          : t('archivesUi.otherDevice')}
                        {' · '}
                        {fmt.fileSize(v.bytes)}
                      </span>
                      {i === 0 && <span className="badge">{t('archivesUi.current')}</span>}
                    </span>
                    <span className="archive-version__actions">
                      <Button
                        size="mini"
                        color="primary"
                        fill="outline"
                        shape="rounded"
                        onClick={() => void restore(v.version_id)}
                        data-testid="version-restore"
                      >
                        {t('archivesUi.restore')}
                      </Button>
                      <Button
                        size="mini"
                        fill="none"
                        className="danger-text"
                        onClick={() => void removeVersion(v.version_id)}
                        data-testid="version-delete"
                      >
                        {t('archivesUi.delete')}
                      </Button>
                    </span>
                  </li>
                ))}
              </ol>
            )
          ) : history.isError ? (
            <LoadFailed onRetry={() => history.refetch()} />
          ) : (
            <Pending />
          )}
        </div>
      )}
    </BottomSheet>
  );
}
