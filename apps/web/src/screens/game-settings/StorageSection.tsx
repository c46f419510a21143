import { Button, List, ProgressBar } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../core/confirm';
import { showSuccessToast } from '../../core/feedback';
import { clearDownloads, useDownloads } from '../../games/downloads';
import { useFormat } from '../../ui/format';
import { downloadedBytes, estimateStorage, storageUse } from './storage';

/** The room games take on this device, and the way to give it back. */
export function StorageSection() {
  const fmt = useFormat();
  const { t } = useTranslation();
  const downloads = useDownloads();
  const [estimate, setEstimate] = useState<StorageEstimate | null | undefined>(undefined);
  const [clearing, setClearing] = useState(false);
  const refresh = useCallback(() => {
    void estimateStorage().then(setEstimate);
  }, []);
  const finished = downloads.list.filter((game) => game.status === 'downloaded').length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a download finishing or going away changes the numbers
  useEffect(refresh, [refresh, finished]);

  const use = storageUse(estimate, fmt);
  const clear = async () => {
    const confirmed = await confirmAction({
      content: t('gameSettingsUi.storage.clearConfirm'),
      confirmText: t('gameSettingsUi.storage.clearAction'),
      danger: true,
    });
    if (!confirmed) return;
    setClearing(true);
    try {
      await clearDownloads();
      showSuccessToast(t('gameSettingsUi.storage.cleared'));
    } catch {
      // The host bridge has shown why.
    } finally {
      setClearing(false);
      refresh();
    }
  };

  return (
    <section data-testid="storage">
      <h2 className="section__title">{t('gameSettingsUi.storage.section')}</h2>
      <List className="list-card">
        <List.Item
          extra={
            <span data-testid="storage-downloads">
              {downloads.list.length > 0
                ? `${downloads.list.length} · ${fmt.fileSize(downloadedBytes(downloads.list))}`
                : t('gameSettingsUi.storage.nothing')}
            </span>
          }
        >
          {t('gameSettingsUi.storage.downloads')}
        </List.Item>
        <List.Item
          description={
            use ? (
              <>
                <span data-testid="storage-used">
                  {t('gameSettingsUi.storage.usedOf', { used: use.used, quota: use.quota })}
                </span>
                <ProgressBar percent={use.percent} className="storage-meter" />
              </>
            ) : estimate === null ? (
              t('gameSettingsUi.storage.unknown')
            ) : undefined
          }
        >
          {t('gameSettingsUi.storage.used')}
        </List.Item>
      </List>
      <Button
        block
        shape="rounded"
        color="danger"
        fill="outline"
        className="storage-clear"
        loading={clearing}
        disabled={clearing || downloads.list.length === 0}
        onClick={() => void clear()}
        data-testid="storage-clear"
      >
        {t('gameSettingsUi.storage.clear')}
      </Button>
    </section>
  );
}
