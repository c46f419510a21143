import type {
  HostCallName,
  HostParsedPayload,
  HostPushData,
  HostPushName,
  HostResult,
} from '@pixelhall/contract/host';
import { registerCloudArchives } from './archives-cloud';
import { registerDownloads } from './downloads';
import { registerImport } from './import/register';
import { registerPlayer } from './player/register';

/** Answers one call: it runs only with a payload its schema accepted. */
export type HostHandler<C extends HostCallName> = (
  payload: HostParsedPayload<C>,
) => HostResult<C> | Promise<HostResult<C>>;

/** What a web-host feature gets to register its calls and push its events. */
export interface HostWiring {
  handle<C extends HostCallName>(call: C, handler: HostHandler<C>): void;
  push<E extends HostPushName>(event: E, data: HostPushData<E>): void;
}

/**
 * The game calls of the web host (docs/product/calls-and-host.md#host-calls): downloads, ROM
 * import, the emulator and save archives. Each feature registers its own calls; their heavy parts
 * load on first use.
 */
export function registerGameCalls(wiring: HostWiring): void {
  registerDownloads(wiring);
  registerCloudArchives(wiring);
  registerImport(wiring);
  registerPlayer(wiring);
}
