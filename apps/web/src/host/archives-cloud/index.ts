import type { HostWiring } from '../web-games';

/**
 * `archiveUpload` and `archiveDownload` of the web host: a local slot to the cloud and back.
 * The transfer code (tus, hashing) loads on first use, so the first page load does not carry it.
 */
export function registerCloudArchives(wiring: HostWiring): void {
  wiring.handle('archiveUpload', async (request) => {
    const { uploadArchive } = await import('./transfer');
    return uploadArchive(request, wiring.push);
  });
  wiring.handle('archiveDownload', async (request) => {
    const { downloadArchive } = await import('./transfer');
    return downloadArchive(request, wiring.push);
  });
}
