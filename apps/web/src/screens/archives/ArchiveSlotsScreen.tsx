import type { LocalArchive, LocalArchiveSlot } from '@pixelhall/contract/host';
import { Button } from 'antd-mobile';
import { DeleteOutline, PlayOutline, UploadOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../core/confirm';
import { useNavigate } from '../../core/navigation';
import { useRouteQuery } from '../../core/route-context';
import { removeLocalSlot, useLocalArchives } from '../../games/archives';
import { uploadSlot, useArchiveTransfer } from '../../games/cloud-sync';
import { useSession } from '../../state/session';
import { EmptyState } from '../../ui/EmptyState';
import { NavBar } from '../../ui/NavBar';
import { Pending } from '../../ui/QueryStates';
import { Screen } from '../../ui/Screen';
import { playArchive } from './play-archive';
import { SlotCard } from './SlotCard';
import './archives.css';
import { useFormat } from '../../ui/format';

/** /me/archives/slot?romMd5=…: one game's save slots on this device. */
export default function ArchiveSlotsScreen() {
  const fmt = useFormat();
  const { t } = useTranslation();
  const romMd5 = (useRouteQuery().get('romMd5') ?? '').toLowerCase();
  const { list, ready } = useLocalArchives(romMd5);
  const archive = list.find((a) => a.romMd5 === romMd5) ?? null;
  return (
    <Screen>
      <NavBar title={archive?.gameName ?? t('archivesUi.title')} />
      {!ready ? (
        <Pending />
      ) : !archive || (archive.slots.length === 0 && !archive.battery) ? (
        <EmptyState />
      ) : (
        <>
          <div className="archive-slots" data-testid="local-slots">
            {archive.slots.map((slot) => (
              <LocalSlotCard key={slot.slot} archive={archive} slot={slot} />
            ))}
          </div>
          {archive.battery && (
            <p className="archive-battery muted" data-testid="archive-battery">
              {t('archivesUi.batteryNote', {
                size: fmt.fileSize(archive.battery.bytes),
                time: fmt.dateTime(archive.battery.time),
              })}
            </p>
          )}
        </>
      )}
    </Screen>
  );
}

function LocalSlotCard({ archive, slot }: { archive: LocalArchive; slot: LocalArchiveSlot }) {
  const fmt = useFormat();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSession((s) => Boolean(s.token));
  const transfer = useArchiveTransfer(archive.romMd5, slot.slot);
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    // The cloud is the member's: a visitor signs in first (docs/product/archives-and-saves.md#cloud-saves).
    if (!signedIn) return navigate('/login');
    setBusy(true);
    try {
      await uploadSlot(archive.romMd5, slot.slot);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    const confirmed = await confirmAction({
      title: t('archivesUi.deleteLocalTitle'),
      content: t('archivesUi.deleteLocalText', { slot: slot.slot, name: archive.gameName }),
      confirmText: t('archivesUi.delete'),
      danger: true,
    });
    if (confirmed) await removeLocalSlot(archive.romMd5, slot.slot).catch(() => {});
  };

  return (
    <SlotCard
      romMd5={archive.romMd5}
      slot={slot.slot}
      image={slot.image}
      testId="local-slot"
      badges={
        slot.cloudVersionId !== null && (
          <span className="badge" data-testid="slot-in-cloud">
            {t('archivesUi.inCloud')}
          </span>
        )
      }
      facts={[
        [t('archivesUi.savedAt'), fmt.compactDateTime(slot.time)],
        [t('archivesUi.size'), fmt.fileSize(slot.bytes)],
      ]}
      actions={
        <>
          <Button
            size="small"
            color="primary"
            shape="rounded"
            onClick={() => void playArchive(archive, slot.slot)}
            data-testid="slot-load"
          >
            <PlayOutline /> {t('archivesUi.load')}
          </Button>
          <Button
            size="small"
            shape="rounded"
            loading={busy || transfer !== null}
            disabled={busy || transfer !== null}
            onClick={() => void upload()}
            data-testid="slot-upload"
          >
            <UploadOutline /> {t('archivesUi.upload')}
          </Button>
          <Button
            size="small"
            shape="rounded"
            fill="none"
            className="danger-text"
            disabled={transfer !== null}
            onClick={() => void remove()}
            data-testid="slot-delete"
          >
            <DeleteOutline /> {t('archivesUi.delete')}
          </Button>
        </>
      }
    />
  );
}
