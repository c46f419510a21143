import type { HostCallName, HostPush, HostReply, HostRequest } from '@pixelhall/contract/host';
import type { HostTransport } from './transport';

/**
 * The channel to a native shell. iOS shells expose `webkit.messageHandlers.pixelhall`, Android
 * shells `window.PixelhallHost`; both answer by calling `window.__pixelhallHost.reply(json)` and
 * push by calling `window.__pixelhallHost.push(json)`.
 */
interface NativeWindow {
  webkit?: { messageHandlers?: { pixelhall?: { postMessage(message: string): void } } };
  PixelhallHost?: { postMessage(message: string): void };
  __pixelhallHost?: { reply(json: string): void; push(json: string): void };
}

export function nativeChannel(win: Window = window): ((message: string) => void) | null {
  const w = win as unknown as NativeWindow;
  const ios = w.webkit?.messageHandlers?.pixelhall;
  if (ios) return (m) => ios.postMessage(m);
  const android = w.PixelhallHost;
  if (android) return (m) => android.postMessage(m);
  return null;
}

export function createNativeTransport(post: (message: string) => void, win: Window = window): HostTransport {
  let nextId = 1;
  const pending = new Map<
    number,
    { call: HostCallName; resolve(reply: HostReply): void; reject(err: Error): void }
  >();
  const pushListeners = new Set<(push: HostPush) => void>();

  (win as unknown as NativeWindow).__pixelhallHost = {
    reply(json) {
      const reply = JSON.parse(json) as HostReply;
      const waiting = reply.id === undefined ? undefined : pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id!);
      if (reply.missing) waiting.reject(new Error(`${waiting.call} not find`));
      else waiting.resolve(reply);
    },
    push(json) {
      const push = JSON.parse(json) as HostPush;
      for (const listener of pushListeners) listener(push);
    },
  };

  return {
    invoke(call, payload) {
      const id = nextId++;
      const request: HostRequest = { id, call, payload };
      return new Promise<HostReply>((resolve, reject) => {
        pending.set(id, { call, resolve, reject });
        post(JSON.stringify(request));
      });
    },
    onPush: (listener) => {
      pushListeners.add(listener);
    },
  };
}
