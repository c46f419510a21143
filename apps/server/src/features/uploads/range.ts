export interface ByteRange {
  start: number;
  /** Inclusive, as in Content-Range. */
  end: number;
}

/**
 * A single `Range: bytes=…` request against a file of `size` bytes (RFC 9110 §14): the range to
 * send, 'unsatisfiable' (answer 416), or null to send the whole file, which is also the answer
 * to a header this server doesn't take (several ranges, another unit, a malformed one).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    return length === 0 || size === 0
      ? 'unsatisfiable'
      : { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
