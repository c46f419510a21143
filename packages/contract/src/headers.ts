/** Request headers every client sends (docs/product/calls-and-host.md#headers). */
export const Header = {
  Authorization: 'authorization',
  DeviceType: 'x-device-type',
  ClientVersion: 'x-client-version',
  Language: 'accept-language',
} as const;

export type DeviceType = 'iphone' | 'android_new';

/** "iphone" if the device name contains iPad or iPhone, else "android_new" (docs/product/calls-and-host.md#headers). */
export function deviceTypeFor(deviceName: string | undefined | null): DeviceType {
  return deviceName && /iPad|iPhone/.test(deviceName) ? 'iphone' : 'android_new';
}

export function bearer(token: string): string {
  return `Bearer ${token}`;
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function tokenFromAuthorization(value: string | undefined): string | null {
  if (!value) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1] ?? null;
}
