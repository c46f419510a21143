import type { DataOf, EndpointDef, PayloadOf } from '@pixelhall/contract';
import type { CDPSession, Page } from 'playwright-core';
import { baseUrl } from './app';
import { callGame } from './game-api';
import { until } from './until';

/** The bridge the built app puts on `window` for journeys (apps/web's `window.pixelhallHost`). */
export interface HostBridge {
  pixelhallHost: {
    call<T>(call: string, payload: unknown): Promise<T>;
    on<T>(event: string, listener: (data: T) => void): () => void;
  };
}

/**
 * What journeys look for on their phone's page. `page` reads the current test's page (usePhone
 * gives each test a new one), so the helpers can be made once at the top of a file.
 */
export function pageUi(page: () => Page) {
  return {
    /** A screen's root by its route name, as shown (kept-alive screens stay in the page, hidden). */
    screen: (name: string) => page().locator(`[data-screen="${name}"]:visible`),
    /** The open dialog (antd's Dialog renders outside the screen). */
    dialog: () => page().locator('.adm-dialog-body:visible'),
    /** A button of the open dialog. */
    dialogButton: (name: string) =>
      page().locator('.adm-dialog-body:visible').getByRole('button', { name, exact: true }),
    /** Waits for a toast with exactly this text (server messages and the app's own). */
    toast: (text: string, timeoutMs?: number) =>
      page()
        .locator('.adm-toast-main:visible')
        .getByText(text, { exact: true })
        .waitFor(timeoutMs ? { timeout: timeoutMs } : undefined),
    /** A `window.pixelhallHost` call, exactly as the app makes it. */
    host: async <T>(call: string, payload: unknown): Promise<T> => {
      // The app loads its host after the first screen: wait for the bridge to be there.
      await page().waitForFunction(() => 'pixelhallHost' in window);
      return page().evaluate(([c, p]) => (window as unknown as HostBridge).pixelhallHost.call<T>(c, p), [
        call,
        payload,
      ] as const) as Promise<T>;
    },
    /** Waits until `read` satisfies `ok` (support/until.ts), and answers what it read. */
    until: <T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs?: number): Promise<T> =>
      until(read, ok, { timeout: timeoutMs }),
  };
}

/**
 * Chromium's own network throttling for the page (so Range requests still reach the real
 * server), in bytes a second (downloads, and optionally uploads); -1 lifts it. One DevTools
 * session per page: a second one would not undo the first.
 */
const sessions = new WeakMap<Page, CDPSession>();
export async function throttle(page: Page, bytesPerSecond: number, uploadBytesPerSecond = -1): Promise<void> {
  let cdp = sessions.get(page);
  if (!cdp) {
    cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    sessions.set(page, cdp);
  }
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: uploadBytesPerSecond,
  });
}

/** A game-service call with no member, on the journeys' server. */
export const gameApi = <E extends EndpointDef>(def: E, payload: PayloadOf<E>): Promise<DataOf<E>> =>
  callGame(baseUrl(), def, payload);
