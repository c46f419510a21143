import type {
  HostCallName,
  HostPush,
  HostPushData,
  HostPushName,
  HostResult,
} from '@pixelhall/contract/host';
import type { CallArgs } from '../core/host-call';
import type { HostTransport } from './transport';

export class HostCallError extends Error {
  constructor(
    readonly call: HostCallName,
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'HostCallError';
  }
}

export interface BridgeOptions {
  /** Shows a failed call's message to the person (a toast). */
  notify(message: string): void;
  /** The translated "{call} call failed" for a failure without a message. */
  failedMessage(call: HostCallName): string;
}

type Listener = (data: HostPush['data']) => void;

/**
 * The app's only door to the host. Calls and pushes are typed by the contract's host protocol
 * (`@pixelhall/contract/host`). A reply code other than 1 shows the host's message, or
 * "{call} call failed", and rejects (docs/product/calls-and-host.md#host-calls).
 */
export class HostBridge {
  private readonly listeners = new Map<HostPushName, Set<Listener>>();

  constructor(
    private readonly transport: HostTransport,
    private readonly options: BridgeOptions,
  ) {
    transport.onPush((push) => {
      for (const listener of this.listeners.get(push.event) ?? []) listener(push.data);
    });
  }

  async call<C extends HostCallName>(
    call: C,
    ...[payload, { silent = false } = {}]: CallArgs<C>
  ): Promise<HostResult<C>> {
    const reply = await this.transport.invoke(call, payload);
    if (reply.code !== 1) {
      const message = reply.msg || this.options.failedMessage(call);
      if (!silent) this.options.notify(message);
      throw new HostCallError(call, message, reply.code);
    }
    // The host answers as the protocol says: the web host's handlers are typed by it, and a
    // native shell is held to the same contract (docs/native-shell.md).
    return reply.data as HostResult<C>;
  }

  /** Subscribes to a host push; returns the unsubscribe function. */
  on<E extends HostPushName>(event: E, listener: (data: HostPushData<E>) => void): () => void {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    // Pushes are delivered by event name, so a listener only ever sees its own event's data.
    const delivered = listener as Listener;
    set.add(delivered);
    this.listeners.set(event, set);
    return () => set.delete(delivered);
  }
}
