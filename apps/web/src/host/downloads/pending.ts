/**
 * Set while some download waits or runs, so the next page start resumes it without loading the
 * download code (and IndexedDB) when there is nothing to do.
 */
export const PENDING_DOWNLOADS_KEY = 'pixelhall.downloads.pending';

export function setPendingDownloads(pending: boolean): void {
  try {
    if (pending) localStorage.setItem(PENDING_DOWNLOADS_KEY, '1');
    else localStorage.removeItem(PENDING_DOWNLOADS_KEY);
  } catch {
    // Storage refused (private mode …): downloads then resume on the first game call instead.
  }
}

export function hasPendingDownloads(): boolean {
  try {
    return localStorage.getItem(PENDING_DOWNLOADS_KEY) !== null;
  } catch {
    return false;
  }
}
