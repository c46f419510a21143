const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

export type FileSizeUnit = (typeof UNITS)[number];

/** A file size as an amount of one unit, and how many decimals it is shown with. */
export interface FileSizeParts {
  value: number;
  unit: FileSizeUnit;
  decimals: 0 | 2;
}

/**
 * The unit a file size reads in, in steps of 1024: whole bytes under 1 KB, else two decimals. A
 * size that would round up to 1024 of a unit moves to the next unit ("1.00 MB", not "1024.00 KB").
 * GB is the largest unit (2 TB reads "2048.00 GB"). Negative or non-finite sizes are 0 B.
 */
export function fileSizeParts(bytes: number): FileSizeParts {
  if (!Number.isFinite(bytes) || bytes <= 0) return { value: 0, unit: 'B', decimals: 0 };
  if (Math.round(bytes) < 1024) return { value: Math.round(bytes), unit: 'B', decimals: 0 };
  for (let unit = 1; unit < UNITS.length; unit++) {
    const value = bytes / 1024 ** unit;
    if (Number(value.toFixed(2)) < 1024 || unit === UNITS.length - 1) {
      return { value, unit: UNITS[unit]!, decimals: 2 };
    }
  }
  return { value: 0, unit: 'B', decimals: 0 }; // unreachable: the loop always returns at GB
}

/** A file size in English: "512 B", "1.50 KB", "12.40 MB" (see `fileSizeParts`). */
export function formatFileSize(bytes: number): string {
  const { value, unit, decimals } = fileSizeParts(bytes);
  return `${value.toFixed(decimals)} ${unit}`;
}
