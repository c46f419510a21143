import { CLIENT_VERSION } from '@pixelhall/contract';
import {
  type ApplicationInfo,
  type HostCallName,
  type HostCallsByName,
  type HostPush,
  type HostReply,
  hostCalls,
  type StatusBarStyle,
  type SystemInfo,
} from '@pixelhall/contract/host';
import { routes } from '@pixelhall/contract/routes';
import { request } from '../api/client';
import { navigateTo } from '../core/navigation';
import { isStorageFull, storageFullText } from '../core/storage-full';
import i18n from '../i18n';
import { useSession } from '../state/session';
import type { HostTransport } from './transport';
import { type HostWiring, registerGameCalls } from './web-games';

/** Answers one call's raw payload: validated, then handled. */
type Answer = (payload: unknown) => Promise<HostReply>;

/**
 * The host that runs inside the browser, so the app works fully without a native shell. Each
 * feature adds its calls with `handle` (downloads, ROM import, emulator, archives); a call with
 * no handler rejects with "<call> not find" (docs/product/calls-and-host.md#host-calls). Every
 * payload is checked against its call's schema in the contract before the handler runs; a
 * malformed one is refused with `errors.invalid_payload`.
 */
export function createWebHost(win: Window = window) {
  const calls: HostCallsByName = hostCalls;
  const answers = new Map<HostCallName, Answer>();
  const pushListeners = new Set<(push: HostPush) => void>();
  const initialTheme = new URLSearchParams(win.location.search).get('theme');

  const transport: HostTransport = {
    async invoke(call, payload) {
      const answer = answers.get(call);
      if (!answer) throw new Error(`${call} not find`);
      return answer(payload);
    },
    onPush: (listener) => {
      pushListeners.add(listener);
    },
  };

  const handle: HostWiring['handle'] = (call, handler) => {
    const schema = calls[call].payload;
    // Synchronous up to the handler, which may need the tap's user activation (the ROM picker).
    answers.set(call, async (payload) => {
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return { code: 0, msg: i18n.t('errors.invalid_payload') };
      try {
        return { code: 1, data: await handler(parsed.data) };
      } catch (err) {
        // A browser's own storage error reads as its engine wrote it; the person is told the
        // product's words, whichever call ran out of room.
        if (isStorageFull(err)) return { code: 0, msg: storageFullText() };
        return { code: 0, msg: err instanceof Error ? err.message : '' };
      }
    });
  };
  const push: HostWiring['push'] = (event, data) => {
    for (const listener of pushListeners) listener({ event, data });
  };

  handle('getSystemInfo', (): SystemInfo => systemInfo(win));
  handle(
    'applicationInfo',
    (): ApplicationInfo => ({
      version: CLIENT_VERSION,
      platform: 'web',
      // An embedding page can force the theme: https://host/?theme=light#/home
      ...(initialTheme === 'light' || initialTheme === 'dark' ? { theme: initialTheme } : {}),
    }),
  );
  handle('setStatusBarColor', (style) => applyStatusBar(win.document, style));
  handle('getToken', () => useSession.getState().token);
  handle('setToken', ({ token }) => {
    useSession.getState().setToken(token);
  });
  // In a browser the app itself keeps the token (other tabs follow through the storage event);
  // there is no native side to tell, so these only acknowledge.
  handle('loginStatusChanged', () => undefined);
  handle('tokenExpire', () => undefined);
  // The browser's own OpenID Connect flow; its library loads only when someone uses it.
  handle('thirdPartyLogin', async ({ provider, redirect }) => {
    const { signInErrorText, startProviderSignInById } = await import('../api/auth/oidc');
    try {
      await startProviderSignInById(provider, redirect ?? null);
    } catch (err) {
      throw new Error(signInErrorText(err));
    }
    return null;
  });
  // The shell's machine translation, done by the server here.
  handle('machineTranslate', (payload) =>
    request(routes.search.translateText, payload, {
      successToast: false,
      failToast: false,
    }),
  );
  // A page has no login window to close: go back to where the person came from, else to Me.
  handle('closeLoginPage', () => {
    if ((win.history.state as { idx?: number } | null)?.idx) win.history.back();
    else navigateTo('/me', { replace: true });
  });
  registerGameCalls({ handle, push });

  return { transport, handle, push };
}
export type WebHost = ReturnType<typeof createWebHost>;

function systemInfo(win: Window): SystemInfo {
  const ua = win.navigator.userAgent;
  const android = /Android\s+([\d.]+)/.exec(ua);
  const deviceName = /iPad/.test(ua)
    ? 'iPad'
    : /iPhone/.test(ua)
      ? 'iPhone'
      : android
        ? (/;\s*([^;)]+)\s+Build\//.exec(ua)?.[1] ?? 'Android')
        : `${browserName(ua)} on ${win.navigator.platform || 'web'}`;
  const { top, bottom } = safeAreaInsets(win.document);
  return { androidVersion: android?.[1] ?? '', deviceName, top, bottom };
}

function browserName(ua: string): string {
  if (/Edg\//.test(ua)) return 'Edge';
  if (/Chrome\//.test(ua)) return 'Chrome';
  if (/Firefox\//.test(ua)) return 'Firefox';
  if (/Safari\//.test(ua)) return 'Safari';
  return 'Browser';
}

/** The safe-area insets CSS knows (notches, home indicators), measured once with a probe. */
function safeAreaInsets(doc: Document): { top: number; bottom: number } {
  const probe = doc.createElement('div');
  probe.style.cssText =
    'position:fixed;visibility:hidden;padding-top:env(safe-area-inset-top);padding-bottom:env(safe-area-inset-bottom)';
  doc.body.appendChild(probe);
  const style = getComputedStyle(probe);
  const insets = {
    top: Number.parseFloat(style.paddingTop) || 0,
    bottom: Number.parseFloat(style.paddingBottom) || 0,
  };
  probe.remove();
  return insets;
}

/** A browser has no status bar of its own; the theme colour paints the address bar instead. */
function applyStatusBar(doc: Document, style: StatusBarStyle): void {
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'theme-color';
    doc.head.appendChild(meta);
  }
  meta.content = style.background;
  doc.documentElement.dataset.statusBar = style.hidden ? 'hidden' : style.theme;
}
