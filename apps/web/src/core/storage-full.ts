import i18n from '../i18n';

/**
 * Whether a write failed because the device's storage (the site's quota) ran out: a
 * `QuotaExceededError` from OPFS, IndexedDB or localStorage, or Firefox's older name for it.
 */
export function isStorageFull(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { name, code } = err as { name?: unknown; code?: unknown };
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22;
}

/** "Out of string space" (docs/product/limits-and-errors.md): what the person is told when storage runs out. */
export function storageFullText(): string {
  return i18n.t('errors.out_of_string_space');
}
