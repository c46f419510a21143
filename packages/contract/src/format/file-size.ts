const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/**
 * A file size in steps of 1024: whole bytes ("512 B"), else two decimals ("1.50 KB"). A size that
 * would round up to 1024 of a unit moves to the next unit ("1.00 MB", not "1024.00 KB"). GB is the
 * largest unit (2 TB reads "2048.00 GB"). Negative or non-finite sizes read "0 B".
 */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  if (Math.round(bytes) < 1024) return `${Math.round(bytes)} B`;
  for (let unit = 1; unit < UNITS.length; unit++) {
    const text = (bytes / 1024 ** unit).toFixed(2);
    if (Number(text) < 1024 || unit === UNITS.length - 1) return `${text} ${UNITS[unit]}`;
  }
  return '0 B'; // unreachable: the loop always returns at GB
}
