import { createJSONStorage, type PersistOptions, type StateStorage } from 'zustand/middleware';
import { showFailToast } from '../core/feedback';
import { isStorageFull, storageFullText } from '../core/storage-full';

/**
 * localStorage, except that a write the device has no room for says "Out of string space"
 * (docs/product/limits-and-errors.md) instead of throwing out of whatever `set` caused it: the change still holds for this
 * run, it is only not remembered.
 */
export function guardedStorage(storage: Storage, onFull: (message: string) => void): StateStorage {
  return {
    getItem: (name) => storage.getItem(name),
    removeItem: (name) => storage.removeItem(name),
    setItem: (name, value) => {
      try {
        storage.setItem(name, value);
      } catch (err) {
        if (!isStorageFull(err)) throw err;
        onFull(storageFullText());
      }
    },
  };
}

/** Every client-persisted store lives under `pixelhall.<name>` in localStorage (docs/product/app-shell-and-settings.md#what-the-device-remembers). */
export function persisted<T>(name: string, version = 1): PersistOptions<T, Partial<T>> {
  return {
    name: `pixelhall.${name}`,
    version,
    storage: createJSONStorage(() => guardedStorage(localStorage, showFailToast)),
  };
}
