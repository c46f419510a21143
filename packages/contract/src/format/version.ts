/** A numeric part without leading zeros; anything not made of digits counts as 0. */
function part(value: string | undefined): string {
  const text = value?.trim() ?? '';
  return /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : '0';
}

/**
 * Compares dotted versions part by part, numerically. Missing parts count as 0, so "1.8.6" equals
 * "1.8.6.0" and "1.8.6.1" is newer. Parts are compared as digit strings, so no size overflows.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = a.split('.');
  const right = b.split('.');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = part(left[i]);
    const y = part(right[i]);
    if (x.length !== y.length) return x.length < y.length ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** True when `candidate` is strictly newer than `current`. */
export function isNewerVersion(candidate: string, current: string): boolean {
  return compareVersions(candidate, current) === 1;
}
