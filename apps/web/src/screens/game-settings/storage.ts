import type { LocaleFormat } from '../../core/intl-format';

export interface StorageUse {
  used: string;
  quota: string;
  /** 0 … 100, for the meter. */
  percent: number;
}

/**
 * The origin's storage as the browser estimates it (downloads, imported copies, saves and the
 * app's own data), in the file-size units of docs/product/i18n.md#formats; null when the browser gives no numbers.
 */
export function storageUse(
  estimate: StorageEstimate | null | undefined,
  format: Pick<LocaleFormat, 'fileSize'>,
): StorageUse | null {
  const used = estimate?.usage;
  const quota = estimate?.quota;
  if (typeof used !== 'number' || typeof quota !== 'number' || quota <= 0) return null;
  const percent = Math.min(100, Math.max(0, (used / quota) * 100));
  // A sliver of use still shows as a sliver, not as an empty meter.
  return {
    used: format.fileSize(used),
    quota: format.fileSize(quota),
    percent: used > 0 ? Math.max(1, Math.round(percent)) : 0,
  };
}

/** The bytes of the games fully downloaded to this device. */
export function downloadedBytes(list: ReadonlyArray<{ status: string; size: number }>): number {
  return list.reduce((sum, game) => sum + (game.status === 'downloaded' ? game.size : 0), 0);
}

/** navigator.storage.estimate(), or null where there is none (older browsers, some webviews). */
export async function estimateStorage(): Promise<StorageEstimate | null> {
  try {
    return (await navigator.storage?.estimate?.()) ?? null;
  } catch {
    return null;
  }
}
