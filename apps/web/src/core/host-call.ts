import type {
  HostCallName,
  HostPayload,
  HostPushData,
  HostPushName,
  HostResult,
} from '@pixelhall/contract/host';

export interface CallOptions {
  /** No toast on failure: the caller handles it. */
  silent?: boolean;
}

/** A call's payload and options; the payload may be left out where the call takes none. */
export type CallArgs<C extends HostCallName> =
  undefined extends HostPayload<C>
    ? [payload?: HostPayload<C>, options?: CallOptions]
    : [payload: HostPayload<C>, options?: CallOptions];

/** What the app needs of the host (host/bridge.ts): its `call`, typed by the contract's protocol. */
export interface ConnectedHost {
  call<C extends HostCallName>(call: C, ...args: CallArgs<C>): Promise<HostResult<C>>;
  on<E extends HostPushName>(event: E, listener: (data: HostPushData<E>) => void): () => void;
}

type LoadHost = () => Promise<ConnectedHost>;

let connect: (load: LoadHost) => void = () => {};
const connected = new Promise<LoadHost>((resolve) => {
  connect = resolve;
});

/**
 * The shell hands over the way to the host at start-up (shell/connect-layers.ts): the host (the
 * native bridge, or the web host with its game features) loads with the first call that needs it,
 * once the first screen has its data. Code below the shell calls it without importing the shell.
 */
export function connectHost(load: LoadHost): void {
  connect(load);
}

/** Calls the host; a call made before the shell has connected it waits for it. */
export async function callHost<C extends HostCallName>(
  call: C,
  ...args: CallArgs<C>
): Promise<HostResult<C>> {
  const load = await connected;
  const host = await load();
  return host.call(call, ...args);
}

/** Listens to a host push from the moment the host is connected (the first call loads it). */
export function onHostPush<E extends HostPushName>(
  event: E,
  listener: (data: HostPushData<E>) => void,
): void {
  void connected.then((load) => load()).then((host) => host.on(event, listener));
}
