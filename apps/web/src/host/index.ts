import { showFailToast } from '../core/feedback';
import i18n from '../i18n';
import { HostBridge } from './bridge';
import { createNativeTransport, nativeChannel } from './native-transport';
import { createWebHost } from './web-host';

const channel = nativeChannel();

/** The in-browser host; present even inside a native shell, for the calls only a page can do. */
export const webHost = createWebHost();

/** The app's host: the native shell when there is one, else the web host. */
export const host = new HostBridge(channel ? createNativeTransport(channel) : webHost.transport, {
  notify: showFailToast,
  failedMessage: (call) => i18n.t('errors.call_failed', { call }),
});

/** Inside an iOS or Android shell (which then owns the login page, third-party SDKs …). */
export const isNativeShell = channel !== null;
export type { HostCall, StatusBarStyle } from './protocol';

declare global {
  interface Window {
    /**
     * The app's host bridge, for the browser console and the browser journeys that drive the
     * host directly (e2e). Code on the page could already reach everything the bridge reaches.
     */
    pixelhallHost?: Pick<HostBridge, 'call' | 'on'>;
  }
}
if (typeof window !== 'undefined') {
  window.pixelhallHost = { call: host.call.bind(host), on: host.on.bind(host) };
}
