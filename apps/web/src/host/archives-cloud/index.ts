import type { ArchiveDownloadRequest, ArchiveUploadRequest } from '../game-protocol';
import type { HostWiring } from '../web-games';

/**
 * `archiveUpload` and `archiveDownload` of the web host: a local slot to the cloud and back.
 * The transfer code (tus, hashing) loads on first use, so the first page load does not carry it.
 */
export function registerCloudArchives(wiring: HostWiring): void {
  wiring.handle('archiveUpload', async (payload) => {
    const { uploadArchive } = await import('./transfer');
    return uploadArchive(payload as ArchiveUploadRequest, wiring.push);
  });
  wiring.handle('archiveDownload', async (payload) => {
    const { downloadArchive } = await import('./transfer');
    return downloadArchive(payload as ArchiveDownloadRequest, wiring.push);
  });
}
