/// <reference types="vite-plugin-pwa/vanillajs" />

import { registerSW } from 'virtual:pwa-register';
import i18n from '../i18n';

/** The runtime cache this build keeps EmulatorJS in (build/service-worker.ts names it). */
declare const __EMULATOR_CACHE__: string;

/**
 * Registers the service worker (build/service-worker.ts); the entry loads this once the first
 * screen's reads have settled, so precaching never competes with them. A new deployment
 * installs in the background and waits: the member is asked, and Reload hands over to it and
 * starts the new version; Later keeps this one until the next start asks again.
 */
export function startServiceWorker(): void {
  let asking = false;
  const activateUpdate = registerSW({
    immediate: true,
    onNeedRefresh: async () => {
      if (asking) return;
      asking = true;
      const { confirmAction } = await import('../core/confirm');
      const reload = await confirmAction({
        title: i18n.t('updateUi.title'),
        content: i18n.t('updateUi.body'),
        confirmText: i18n.t('updateUi.reload'),
        cancelText: i18n.t('updateUi.later'),
      });
      // The page reloads once the new worker controls it (virtual:pwa-register does it).
      if (reload) await activateUpdate();
    },
    onRegisteredSW: () => void dropOldEmulatorCaches(),
  });
}

/** An earlier EmulatorJS's files would never be asked for again: their space goes back. */
async function dropOldEmulatorCaches(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name.startsWith('pixelhall-emulator-') && name !== __EMULATOR_CACHE__) await caches.delete(name);
  }
}
