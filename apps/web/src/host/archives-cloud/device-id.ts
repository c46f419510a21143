const KEY = 'pixelhall.deviceId';

/**
 * A stable id of this browser, sent with every cloud save so the server can tell which device
 * saved a slot (the conflict answer names it). Kept in localStorage: it survives reloads and
 * sign-outs, and a second browser profile is rightly a second device.
 */
export function deviceId(storage: Storage = localStorage): string {
  let id = storage.getItem(KEY);
  if (!id) {
    id = `web-${crypto.randomUUID()}`;
    storage.setItem(KEY, id);
  }
  return id;
}
