/** One entity tag of a list: optionally weak, then quoted; a comma may sit inside the quotes. */
const ENTITY_TAG = /(?:W\/)?"[^"]*"/g;

const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * Whether an `If-None-Match` header matches the representation tagged `etag` (RFC 9110 §13.1.2):
 * `*` matches any current representation; otherwise the header is a list of entity tags, compared
 * weakly (a `W/` on either side is ignored). For GET and HEAD, a match answers 304.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const wanted = opaque(etag);
  return (header.match(ENTITY_TAG) ?? []).some((tag) => opaque(tag) === wanted);
}
