import type { LocaleFormat } from '../../core/intl-format';

/** "1.25 MB/s"; nothing while the speed is unknown or zero, so a paused row shows no stale speed. */
export function formatSpeed(bytesPerSecond: number, format: Pick<LocaleFormat, 'fileSize'>): string {
  return bytesPerSecond > 0 ? `${format.fileSize(bytesPerSecond)}/s` : '';
}

/** A whole percent 0 … 100 for labels; 99.6 stays 99 so "100%" only shows once a ROM is complete. */
export function percent(progress: number): number {
  if (!Number.isFinite(progress) || progress <= 0) return 0;
  return Math.min(100, Math.floor(progress));
}

/** "1.20 MB / 3.00 MB", or just the total before anything arrived. */
export function formatReceived(
  received: number,
  size: number,
  format: Pick<LocaleFormat, 'fileSize'>,
): string {
  return received > 0 && received < size
    ? `${format.fileSize(received)} / ${format.fileSize(size)}`
    : format.fileSize(size);
}
