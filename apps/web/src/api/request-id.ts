/**
 * A fresh idempotency key for one intended action (contract `requestIdField`). randomUUID
 * exists only in secure contexts; an app served over plain http on a LAN still needs a key.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
