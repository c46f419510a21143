import { routes } from '@pixelhall/contract/routes';
import { useMutation } from '@tanstack/react-query';
import { request } from '../client';

/** The current mining cycle; polled by the mine button, never toasting (it runs every second or two). */
export function fetchCycleTime(signal?: AbortSignal) {
  return request(routes.mining.cycleTime, {}, { successToast: false, failToast: false, signal });
}

/**
 * A short-lived token for the external mining page and the page's address carrying it; the
 * session token never leaves the app.
 */
export function useMiningToken() {
  return useMutation({
    mutationFn: () => request(routes.mining.miningToken, {}, { successToast: false, loading: true }),
  });
}
