import { registerCloudArchives } from './archives-cloud';
import { registerDownloads } from './downloads';
import { registerImport } from './import/register';
import { registerPlayer } from './player/register';
import type { HostCall, HostPushEvent } from './protocol';

/** What a web-host feature gets to register its calls and push its events. */
export interface HostWiring {
  handle(call: HostCall, handler: (payload: unknown) => Promise<unknown> | unknown): void;
  push(event: HostPushEvent, data: unknown): void;
}

/**
 * The game calls of the web host (docs/product/calls-and-host.md#host-calls): downloads, ROM import, the emulator and save
 * archives. Each feature registers its own calls; their heavy parts load on first use.
 */
export function registerGameCalls(wiring: HostWiring): void {
  registerDownloads(wiring);
  registerCloudArchives(wiring);
  registerImport(wiring);
  registerPlayer(wiring);
}
