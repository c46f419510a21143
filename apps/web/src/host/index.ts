import { showHostMessage } from '../core/feedback';
import i18n from '../i18n';
import { HostBridge } from './bridge';
import { createNativeTransport, nativeChannel } from './native-transport';
import { createShellTransport } from './shell-transport';
import { createWebHost } from './web-host';

const channel = nativeChannel();

/** The in-browser host; present even inside a native shell, for the calls only a page can do. */
export const webHost = createWebHost();

/**
 * The app's host: in a browser the web host; inside a native shell, the shell for its own calls
 * and the web host for the page's (the contract's `inNativeShell`).
 */
const transport = channel
  ? createShellTransport(createNativeTransport(channel), webHost.transport)
  : webHost.transport;

export const host = new HostBridge(transport, {
  notify: showHostMessage,
  failedMessage: (call) => i18n.t('errors.call_failed', { call }),
});

/** Inside an iOS or Android shell (which then owns the login page, third-party SDKs …). */
export const isNativeShell = channel !== null;

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
