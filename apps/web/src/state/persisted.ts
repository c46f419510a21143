import { createJSONStorage, type PersistOptions } from 'zustand/middleware';

/** Every client-persisted store lives under `pixelhall.<name>` in localStorage (docs/product/app-shell-and-settings.md#what-the-device-remembers). */
export function persisted<T>(name: string, version = 1): PersistOptions<T, Partial<T>> {
  return { name: `pixelhall.${name}`, version, storage: createJSONStorage(() => localStorage) };
}
