import type { HostCall, HostPush, HostPushEvent, HostTransport } from './protocol';

export class HostCallError extends Error {
  constructor(
    readonly call: HostCall,
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
  failedMessage(call: HostCall): string;
}

/**
 * The app's only door to the host. A reply code other than 1 shows the host's message, or
 * "{call} call failed", and rejects (docs/product/calls-and-host.md#host-calls).
 */
export class HostBridge {
  private readonly listeners = new Map<HostPushEvent, Set<(data: unknown) => void>>();

  constructor(
    private readonly transport: HostTransport,
    private readonly options: BridgeOptions,
  ) {
    transport.onPush((push: HostPush) => {
      for (const listener of this.listeners.get(push.event) ?? []) listener(push.data);
    });
  }

  async call<T = unknown>(call: HostCall, payload?: unknown, { silent = false } = {}): Promise<T> {
    const reply = await this.transport.invoke(call, payload);
    if (reply.code !== 1) {
      const message = reply.msg || this.options.failedMessage(call);
      if (!silent) this.options.notify(message);
      throw new HostCallError(call, message, reply.code);
    }
    return reply.data as T;
  }

  /** Subscribes to a host push; returns the unsubscribe function. */
  on<T = unknown>(event: HostPushEvent, listener: (data: T) => void): () => void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (data: unknown) => void);
    this.listeners.set(event, set);
    return () => set.delete(listener as (data: unknown) => void);
  }
}
