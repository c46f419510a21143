import type {
  ClearDownloadsRequest,
  DownloadRef,
  GameRomInfoRequest,
  GameRomListRequest,
  StartDownloadRequest,
} from '../game-protocol';
import type { HostWiring } from '../web-games';
import type { DownloadManager } from './manager';
import { hasPendingDownloads } from './pending';

/**
 * The download calls (docs/product/games-library-and-player.md#downloads). The manager (IndexedDB, OPFS, the MD5 hasher) loads on the
 * first call, or at once when the last page left downloads waiting, so they carry on by
 * themselves after a reload.
 */
export function registerDownloads({ handle, push }: HostWiring): void {
  let loading: Promise<DownloadManager> | null = null;
  const manager = () => {
    loading ??= import('./manager')
      .then(async ({ DownloadManager }) => {
        const created = new DownloadManager((progress) => push('progress', progress));
        await created.init();
        return created;
      })
      .catch((err) => {
        loading = null;
        throw err;
      });
    return loading;
  };

  handle('start', async (payload) => (await manager()).start(payload as StartDownloadRequest));
  handle('pause', async (payload) => (await manager()).pause(payload as DownloadRef));
  handle('resume', async (payload) => (await manager()).resume(payload as DownloadRef));
  handle('cancel', async (payload) => (await manager()).remove(payload as DownloadRef));
  handle('remove', async (payload) => (await manager()).remove(payload as DownloadRef));
  handle('clear', async (payload) => (await manager()).clear((payload ?? {}) as ClearDownloadsRequest));
  handle('getGameRomList', async (payload) => (await manager()).list(payload as GameRomListRequest));
  handle('getGameRomInfo', async (payload) => (await manager()).info(payload as GameRomInfoRequest));

  if (typeof window !== 'undefined' && hasPendingDownloads()) {
    setTimeout(() => {
      manager().catch((err) => console.error('resuming downloads', err));
    }, 0);
  }
}
