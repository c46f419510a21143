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

  handle('start', async (request) => (await manager()).start(request));
  handle('pause', async (ref) => (await manager()).pause(ref));
  handle('resume', async (ref) => (await manager()).resume(ref));
  handle('cancel', async (ref) => (await manager()).remove(ref));
  handle('remove', async (ref) => (await manager()).remove(ref));
  handle('clear', async (request) => (await manager()).clear(request ?? {}));
  handle('getGameRomList', async (request) => (await manager()).list(request));
  handle('getGameRomInfo', async (request) => (await manager()).info(request));

  if (typeof window !== 'undefined' && hasPendingDownloads()) {
    setTimeout(() => {
      manager().catch((err) => console.error('resuming downloads', err));
    }, 0);
  }
}
