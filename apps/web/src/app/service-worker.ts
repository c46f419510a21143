/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import i18n from '../i18n';
import { confirmAction } from '../ui/confirm';

/** The runtime cache this build keeps EmulatorJS in (build/service-worker.ts names it). */
declare const __EMULATOR_CACHE__: string;

/**
 * Registers the service worker (build/service-worker.ts). A new deployment installs in the
 * background and waits: the member is asked, and Reload hands over to it and starts the new
 * version; Later keeps this one until the next start asks again.
 */
export function startServiceWorker(): void {
  const activateUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => {
      void confirmAction({
        title: i18n.t('updateUi.title'),
        content: i18n.t('updateUi.body'),
        confirmText: i18n.t('updateUi.reload'),
        cancelText: i18n.t('updateUi.later'),
      }).then((reload) => {
        // The page reloads once the new worker controls it (virtual:pwa-register does it).
        if (reload) void activateUpdate();
      });
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
