import { bearer, CLIENT_VERSION, deviceTypeFor } from '@pixelhall/contract';
import { useDevice } from '../state/device';
import { usePreferences } from '../state/preferences';

/** The headers (docs/product/calls-and-host.md#headers): token, device type, client version 1.8.6 and the current locale. */
export function requestHeaders(token: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'x-device-type': deviceTypeFor(useDevice.getState().system?.deviceName ?? navigator.userAgent),
    'x-client-version': CLIENT_VERSION,
    'accept-language': usePreferences.getState().locale.value,
  };
  if (token) headers.authorization = bearer(token);
  return headers;
}
