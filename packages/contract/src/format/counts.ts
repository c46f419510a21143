/**
 * A count or balance in short: up to 999 as is, then thousands with one decimal and "k", then
 * millions with one decimal and "m". The decimal is cut, never rounded up, so a short number never
 * claims more than there is (2,950 → "2.9k", 999,999 → "999.9k"). Fractions are dropped and
 * non-finite values read "0": counts are whole numbers.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const whole = Math.trunc(n);
  if (whole < 0) return `-${formatCount(-whole)}`;
  if (whole <= 999) return String(whole);
  // Whole tenths by integer division, so no float ever rounds up.
  if (whole <= 999_999) return `${(Math.floor(whole / 100) / 10).toFixed(1)}k`;
  return `${(Math.floor(whole / 100_000) / 10).toFixed(1)}m`;
}

/**
 * Comma-grouped integer part, e.g. 1234567.5 → "1,234,567.5", -1234 → "-1,234". The fraction is
 * kept as JavaScript prints it; non-finite values are printed as String(n).
 */
export function groupThousands(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  // String(n) switches to exponent notation for very large and very small numbers.
  const plain = /e/i.test(String(n))
    ? n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
    : String(n);
  const [integer = '', fraction] = plain.split('.');
  const sign = integer.startsWith('-') ? '-' : '';
  const grouped = integer.slice(sign.length).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}
