import type { ImportProgress } from '@pixelhall/contract/host';
import type { LocaleFormat } from '../core/intl-format';

/** Seconds as a clock: "0:42", "12:05", "1:02:03". Rounded up, so "0:00" only when done. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Read speed in the file-size units of docs/product/i18n.md#formats, per second: "12.40 MB/s". */
export function formatSpeed(bytesPerSecond: number, format: Pick<LocaleFormat, 'fileSize'>): string {
  return `${format.fileSize(bytesPerSecond)}/s`;
}

/**
 * 0 … 100 for the bar. Hashing reads bytes, so bytes are the truer measure once known; while
 * scanning only files are counted.
 */
export function progressPercent(progress: ImportProgress): number {
  if (progress.phase === 'done') return 100;
  const ratio =
    progress.totalBytes > 0
      ? progress.bytes / progress.totalBytes
      : progress.totalFiles > 0
        ? progress.files / progress.totalFiles
        : 0;
  return Math.min(100, Math.max(0, Math.round(ratio * 100)));
}

/** An import still working (the sheet shows Cancel and live numbers). */
export function isRunning(progress: ImportProgress | null): progress is ImportProgress {
  return progress !== null && ['scanning', 'hashing', 'matching'].includes(progress.phase);
}
