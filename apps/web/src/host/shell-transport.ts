import { hostCalls } from '@pixelhall/contract/host';
import type { HostTransport } from './transport';

/**
 * The host inside an iOS or Android shell: each call goes where the contract says it is answered
 * there (`inNativeShell`): to the shell, or to the web host in the WebView, which keeps the
 * emulator and the downloads, imports and saves it plays from (docs/native-shell.md). Pushes come
 * from both. The page's calls stay synchronous up to their handler, for the picker's tap.
 */
export function createShellTransport(shell: HostTransport, page: HostTransport): HostTransport {
  return {
    invoke: (call, payload) =>
      (hostCalls[call].inNativeShell === 'page' ? page : shell).invoke(call, payload),
    onPush: (listener) => {
      shell.onPush(listener);
      page.onPush(listener);
    },
  };
}
