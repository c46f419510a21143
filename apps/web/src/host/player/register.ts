import type { ArchiveListChanged } from '@pixelhall/contract/host';
import i18n from '../../i18n';
import { hostDb } from '../store/db';
import type { HostWiring } from '../web-games';
import type { PlayerHost } from './session';

/**
 * The play and local-archive calls of the web host: `startGame`, `archiveStart`, `archiveList`,
 * `archiveRemove`. EmulatorJS and the player load only when a game starts.
 */
export function registerPlayer({ handle, push }: HostWiring): void {
  const changed = (romMd5: string) => push('archiveList', { romMd5 } satisfies ArchiveListChanged);
  const host: PlayerHost = {
    archiveListChanged: changed,
    // The same upload as the `archiveUpload` call (its progress pushes too), loaded when first used.
    async uploadSlot(ref, overwrite) {
      const { uploadArchive } = await import('../archives-cloud/transfer');
      return uploadArchive({ ...ref, overwrite }, push);
    },
  };

  handle('startGame', async (request) => {
    const { playRom } = await import('./session');
    await playRom(request, host);
    return { started: true };
  });

  handle('archiveStart', async ({ romMd5, slot }) => {
    const game = await (await hostDb()).get('archiveGames', romMd5);
    if (!game) throw new Error(i18n.t('playerUi.slot_missing', { slot }));
    const { playRom } = await import('./session');
    await playRom({ ...game, slot }, host);
    return { started: true };
  });

  handle('archiveList', async (request) => {
    const { listArchives } = await import('./archive-store');
    return { list: await listArchives(await hostDb(), request?.romMd5) };
  });

  handle('archiveRemove', async ({ romMd5, slot }) => {
    const { deleteSlot, isSlot } = await import('./archive-store');
    if (!isSlot(slot)) throw new Error(i18n.t('playerUi.slot_missing', { slot }));
    await deleteSlot(await hostDb(), romMd5, slot);
    changed(romMd5);
  });
}
