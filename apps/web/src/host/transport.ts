import type { HostCallName, HostPush, HostReply } from '@pixelhall/contract/host';

/**
 * A channel to a host: the web host in the page, or a native shell. It carries the contract's
 * messages as they are; the bridge types them by call name.
 */
export interface HostTransport {
  /** Rejects with `Error("<call> not find")` when the host has no handler for the call. */
  invoke(call: HostCallName, payload: unknown): Promise<HostReply>;
  onPush(listener: (push: HostPush) => void): void;
}
