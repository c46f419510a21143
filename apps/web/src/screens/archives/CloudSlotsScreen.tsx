import { Button } from 'antd-mobile';
import { ClockCircleOutline, DeleteOutline, DownlandOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CloudSlot, useCloudArchives, useDeleteCloudArchive } from '../../api/queries/archives';
import { useGameConditions } from '../../api/queries/games';
import { confirmAction } from '../../core/confirm';
import { useRouteQuery } from '../../core/route-context';
import { downloadCloudSlot, useArchiveTransfer } from '../../games/cloud-sync';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { LoadFailed, Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { coreEmulators } from './core-emulators';
import { HistorySheet } from './HistorySheet';
import { SlotCard } from './SlotCard';
import './archives.css';
import { useFormat } from '../../ui/format';

/** /me/archives/cloud/slot?romMd5=…: one game's cloud slots, to bring to this device or delete. */
export default function CloudSlotsScreen() {
  const { t } = useTranslation();
  const romMd5 = (useRouteQuery().get('romMd5') ?? '').toLowerCase();
  const cloud = useCloudArchives(romMd5);
  const game = cloud.data?.list.find((g) => g.rom_md5 === romMd5) ?? null;
  const [history, setHistory] = useState<CloudSlot | null>(null);
  return (
    <Screen>
      <NavBar title={game?.game_name ?? t('archivesUi.cloudTitle')} />
      {cloud.data ? (
        !game || game.slots.length === 0 ? (
          <EmptyState />
        ) : (
          <div className="archive-slots" data-testid="cloud-slots">
            {game.slots.map((slot) => (
              <CloudSlotCard key={slot.id} romMd5={romMd5} slot={slot} onHistory={() => setHistory(slot)} />
            ))}
          </div>
        )
      ) : cloud.isError ? (
        <LoadFailed onRetry={() => cloud.refetch()} />
      ) : (
        <Pending />
      )}
      <HistorySheet romMd5={romMd5} slot={history} onClose={() => setHistory(null)} />
    </Screen>
  );
}

function CloudSlotCard({
  romMd5,
  slot,
  onHistory,
}: {
  romMd5: string;
  slot: CloudSlot;
  onHistory: () => void;
}) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const transfer = useArchiveTransfer(romMd5, slot.slot);
  const remove = useDeleteCloudArchive();
  const [busy, setBusy] = useState(false);
  const emulators = coreEmulators(useGameConditions().data?.emulator_type, slot.core_name);

  const download = async () => {
    setBusy(true);
    try {
      await downloadCloudSlot({ romMd5, slot: slot.slot, cloudSlotId: slot.id });
    } finally {
      setBusy(false);
    }
  };
  const confirmRemove = async () => {
    const confirmed = await confirmAction({
      title: t('archivesUi.deleteCloudTitle'),
      content: t('archivesUi.deleteCloudText', { slot: slot.slot }),
      confirmText: t('archivesUi.delete'),
      danger: true,
    });
    if (confirmed) remove.mutate({ slotId: slot.id });
  };

  return (
    <SlotCard
      romMd5={romMd5}
      slot={slot.slot}
      image={slot.archive_img_text}
      testId="cloud-slot"
      facts={[
        [t('archivesUi.lastUpdate'), fmt.compactDateTime(slot.last_update_time)],
        [t('archivesUi.firstSaved'), fmt.compactDateTime(slot.add_time)],
        [t('archivesUi.savedWith'), emulators ? t('archivesUi.savedWithEmulator', { name: emulators }) : '—'],
        [t('archivesUi.size'), fmt.fileSize(slot.bytes)],
      ]}
      actionsClassName="archive-slot__actions--cloud"
      actions={
        <>
          <Button
            size="small"
            color="primary"
            shape="rounded"
            loading={busy || transfer !== null}
            disabled={busy || transfer !== null}
            onClick={() => void download()}
            data-testid="cloud-download"
          >
            <DownlandOutline /> {t('archivesUi.download')}
          </Button>
          <Button size="small" shape="rounded" onClick={onHistory} data-testid="cloud-history">
            <ClockCircleOutline /> {t('archivesUi.history')}
          </Button>
          <Button
            size="small"
            shape="rounded"
            fill="none"
            className="danger-text"
            loading={remove.isPending}
            onClick={() => void confirmRemove()}
            data-testid="cloud-delete"
          >
            <DeleteOutline /> {t('archivesUi.delete')}
          </Button>
        </>
      }
    />
  );
}
