import type { ArchiveProgress } from '@pixelhall/contract/host';
import { Dialog } from 'antd-mobile';
import { useEffect } from 'react';
import { create } from 'zustand';
import { refreshCloudArchives } from '../api/queries/archives';
import { confirmAction } from '../core/confirm';
import { onAppEvent } from '../core/events';
import { showSuccessToast } from '../core/feedback';
import { localeFormat } from '../core/intl-format';
import { nextOverlayZIndex, overlayStyle } from '../core/overlay';
import i18n from '../i18n';
import { type CloudConflict, type ConflictChoice, runUpload, type UploadOutcome } from './cloud-sync-flow';
import { gameHost, gameHostPushes } from './host-calls';

/**
 * "Another device saved this slot on …": keep the cloud save (download it), overwrite it with
 * this device's save, or cancel. Leaving the screen closes it as a cancel.
 */
function askAboutConflict(conflict: CloudConflict): Promise<ConflictChoice> {
  return new Promise((resolve) => {
    let stopListening = () => {};
    const settle = (choice: ConflictChoice) => {
      stopListening();
      resolve(choice);
    };
    const dialog = Dialog.show({
      style: overlayStyle(nextOverlayZIndex()),
      title: i18n.t('archivesUi.conflictTitle'),
      content: i18n.t('archivesUi.conflictText', {
        time: localeFormat(i18n.language).dateTime(conflict.time),
        size: localeFormat(i18n.language).fileSize(conflict.bytes),
      }),
      closeOnAction: true,
      actions: [
        {
          key: 'download',
          text: i18n.t('archivesUi.conflictKeepCloud'),
          bold: true,
          onClick: () => settle('download'),
        },
        {
          key: 'overwrite',
          text: i18n.t('archivesUi.conflictOverwrite'),
          danger: true,
          onClick: () => settle('overwrite'),
        },
        { key: 'cancel', text: i18n.t('common.cancel'), onClick: () => settle('cancel') },
      ],
      onClose: () => settle('cancel'),
    });
    stopListening = onAppEvent('popstate', () => dialog.close());
  });
}

/**
 * Sends a local slot to the cloud; a newer cloud save from another device is put to the member
 * (never silently overwritten). Resolves with what happened, or 'failed' (the host showed why).
 */
export async function uploadSlot(romMd5: string, slot: number): Promise<UploadOutcome | 'failed'> {
  try {
    const outcome = await runUpload({
      upload: (overwrite) => gameHost.archiveUpload({ romMd5, slot, overwrite }),
      ask: askAboutConflict,
      download: async (cloud) => {
        await gameHost.archiveDownload({ romMd5, slot, cloudSlotId: cloud.cloudSlotId });
      },
    });
    if (outcome === 'uploaded' || outcome === 'overwritten') showSuccessToast(i18n.t('archivesUi.uploaded'));
    if (outcome === 'downloaded') showSuccessToast(i18n.t('archivesUi.downloaded'));
    return outcome;
  } catch {
    return 'failed';
  } finally {
    void refreshCloudArchives();
  }
}

/**
 * Brings a cloud slot (its newest version, or `versionId` of its history) into local slot
 * `slot`, asking first when that would replace a save already on this device.
 */
export async function downloadCloudSlot(target: {
  romMd5: string;
  slot: number;
  cloudSlotId: number;
  versionId?: number;
}): Promise<boolean> {
  try {
    const local = await gameHost.archiveList({ romMd5: target.romMd5 });
    const replaces = local.list.some((game) => game.slots.some((s) => s.slot === target.slot));
    if (
      replaces &&
      !(await confirmAction({
        title: i18n.t('archivesUi.replaceTitle'),
        content: i18n.t('archivesUi.replaceText', { slot: target.slot }),
        confirmText: i18n.t('archivesUi.replaceAction'),
        danger: true,
      }))
    ) {
      return false;
    }
    await gameHost.archiveDownload(target);
    showSuccessToast(i18n.t('archivesUi.downloaded'));
    return true;
  } catch {
    return false;
  } finally {
    void refreshCloudArchives();
  }
}

const transferKey = (romMd5: string, slot: number) => `${romMd5.toLowerCase()}:${slot}`;

/** Transfers under way, kept while screens come and go. */
const useTransfers = create<{ running: Record<string, ArchiveProgress> }>()(() => ({ running: {} }));

let listening = false;
function listenToTransfers(): void {
  if (listening) return;
  listening = true;
  gameHostPushes.onArchiveProgress((p) => {
    const key = transferKey(p.romMd5, p.slot);
    useTransfers.setState(({ running }) => {
      const next = { ...running };
      if (p.status === 'running') next[key] = p;
      else delete next[key];
      return { running: next };
    });
  });
}

/** The upload or download of this slot under way (live), or null. */
export function useArchiveTransfer(romMd5: string, slot: number): ArchiveProgress | null {
  useEffect(listenToTransfers, []);
  return useTransfers((s) => s.running[transferKey(romMd5, slot)] ?? null);
}

/** Games whose archives are going to or coming from the cloud (the "syncing archive" event). */
const useSyncing = create<{ games: Record<string, number> }>()(() => ({ games: {} }));
onAppEvent('syncingArchive', ({ gameId, syncing }) =>
  useSyncing.setState(({ games }) => {
    // Counted: two slots of one game may sync at once.
    const key = gameId.toLowerCase();
    const count = Math.max(0, (games[key] ?? 0) + (syncing ? 1 : -1));
    const next = { ...games, [key]: count };
    if (count === 0) delete next[key];
    return { games: next };
  }),
);

/** Whether any slot of this ROM is syncing with the cloud right now (live). */
export function useArchiveSyncing(romMd5: string): boolean {
  return useSyncing((s) => (s.games[romMd5.toLowerCase()] ?? 0) > 0);
}
