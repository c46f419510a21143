import type { HostCall } from '../host/protocol';

/**
 * The host (the native bridge, or the web host with its game features) loads with the first call
 * that needs it, so the app's first screen does not wait for it.
 */
export async function callHost<T = unknown>(
  call: HostCall,
  payload?: unknown,
  options?: { silent?: boolean },
): Promise<T> {
  const { host } = await import('../host');
  return host.call<T>(call, payload, options);
}
