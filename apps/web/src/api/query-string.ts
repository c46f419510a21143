/** GET and DELETE variants send the payload as query parameters (docs/product/calls-and-host.md#methods); arrays repeat the key. */
export function toQuery(payload: unknown): string {
  if (!payload || typeof payload !== 'object') return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}
