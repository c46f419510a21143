import { queryClient } from '../api/query-client';
import type { HostCall } from '../host/protocol';
import { firstScreenSettled } from './first-screen-settled';

/**
 * The host (the native bridge, or the web host with its game features) loads with the first call
 * that needs it, once the first screen has its data: the app's first screen never waits for it.
 */
export async function callHost<T = unknown>(
  call: HostCall,
  payload?: unknown,
  options?: { silent?: boolean },
): Promise<T> {
  await firstScreenSettled(queryClient);
  const { host } = await import('../host');
  return host.call<T>(call, payload, options);
}
