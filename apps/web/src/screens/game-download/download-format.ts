import { formatFileSize } from '@pixelhall/contract';

/** "1.25 MB/s"; nothing while the speed is unknown or zero, so a paused row shows no stale speed. */
export function formatSpeed(bytesPerSecond: number): string {
  return bytesPerSecond > 0 ? `${formatFileSize(bytesPerSecond)}/s` : '';
}

/** A whole percent 0 … 100 for labels; 99.6 stays 99 so "100%" only shows once a ROM is complete. */
export function percent(progress: number): number {
  if (!Number.isFinite(progress) || progress <= 0) return 0;
  return Math.min(100, Math.floor(progress));
}

/** "1.20 MB / 3.00 MB", or just the total before anything arrived. */
export function formatReceived(received: number, size: number): string {
  return received > 0 && received < size
    ? `${formatFileSize(received)} / ${formatFileSize(size)}`
    : formatFileSize(size);
}
