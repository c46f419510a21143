import type { z } from 'zod';
import type { HostCallDef, HostPushDef } from './define';
import { deviceCalls, devicePushes } from './device';
import { downloadCalls, downloadPushes } from './downloads';
import { importCalls, importPushes } from './imports';
import { playCalls, playPushes } from './play';

export * from './define';
export * from './device';
export * from './downloads';
export * from './imports';
export * from './play';

/**
 * Every call the app makes to its host, by name: the host protocol as `endpoints` is the HTTP
 * API. The web host validates each payload with its schema before the handler runs; the app's
 * `host.call(name, payload)` takes its payload and answer types from here.
 */
export const hostCalls = {
  ...deviceCalls,
  ...downloadCalls,
  ...importCalls,
  ...playCalls,
} satisfies Record<string, HostCallDef>;

/** Every push (`{ event, data }`) a host sends the app on its own, by event name. */
export const hostPushes = {
  ...devicePushes,
  ...downloadPushes,
  ...importPushes,
  ...playPushes,
} satisfies Record<string, HostPushDef>;

export type HostCallName = keyof typeof hostCalls;
export type HostPushName = keyof typeof hostPushes;

/** What the app sends with a call. */
export type HostPayload<C extends HostCallName> = z.input<(typeof hostCalls)[C]['payload']>;
/** What a handler receives once the payload passed its schema (defaults applied). */
export type HostParsedPayload<C extends HostCallName> = z.output<(typeof hostCalls)[C]['payload']>;
/** What the host answers a call with. */
export type HostResult<C extends HostCallName> = z.output<(typeof hostCalls)[C]['result']>;
/**
 * `hostCalls` seen call by call, so that code generic over the call name keeps that call's own
 * payload and answer types (`const calls: HostCallsByName = hostCalls`).
 */
export type HostCallsByName = {
  [C in HostCallName]: HostCallDef<z.ZodType<HostParsedPayload<C>, HostPayload<C>>, z.ZodType<HostResult<C>>>;
};
/** The data of a push. */
export type HostPushData<E extends HostPushName> = z.output<(typeof hostPushes)[E]['data']>;

/**
 * The messages between the app and its host. The app sends `{ id, call, payload }`; the host
 * answers `{ id, code, msg, data }` (code 1 = success) and may push `{ event, data }` at any
 * time. A native shell and the in-browser web host speak it alike (docs/native-shell.md).
 */
export interface HostRequest {
  id: number;
  call: HostCallName;
  /** Absent for calls that carry none. */
  payload?: unknown;
}

export interface HostReply {
  id?: number;
  code: number;
  msg?: string;
  data?: unknown;
  /** Set by a native shell that has no handler for the call. */
  missing?: boolean;
}

export interface HostPush {
  event: HostPushName;
  data: unknown;
}
