import { z } from 'zod';

/**
 * One call the app makes to its host, the way `endpoint()` defines an HTTP endpoint: the payload
 * the host validates before acting, and the data it answers. The web host's handlers and the
 * app's calls are both typed from these definitions (docs/native-shell.md).
 */
export interface HostCallDef<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  summary: string;
  /**
   * Who answers inside an iOS or Android shell: the shell itself, or the web host in its WebView
   * (the emulator runs there, with the downloads, imports and saves it reads).
   */
  inNativeShell: 'shell' | 'page';
  payload: P;
  result: R;
}

/** One message the host sends the app on its own (`{ event, data }`). */
export interface HostPushDef<D extends z.ZodType = z.ZodType> {
  summary: string;
  data: D;
}

export function hostCall<P extends z.ZodType, R extends z.ZodType>(
  def: HostCallDef<P, R>,
): HostCallDef<P, R> {
  return def;
}

export function hostPush<D extends z.ZodType>(def: HostPushDef<D>): HostPushDef<D> {
  return def;
}

/** The payload of a call that carries none: the app sends nothing at all. */
export const noPayload = z.undefined().describe('No payload');

/** The answer of a call that only acts: nothing, once done. */
export const done = z.void().describe('Nothing; the call succeeded');

/** The answer of a call that forgets things: how many it forgot. */
export const removedCount = z.object({ removed: z.number().int().nonnegative() });
