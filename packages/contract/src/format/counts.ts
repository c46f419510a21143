/**
 * A count for badges and stats: up to 999 as is, then thousands with one decimal and "k", then
 * millions with one decimal and "m". The decimal is rounded half up (1050 → "1.1k"), and a value
 * that would round to "1000.0k" is shown as "1.0m" instead. Fractions are dropped and
 * non-finite values read "0": counts are whole numbers.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const whole = Math.trunc(n);
  if (whole < 0) return `-${formatCount(-whole)}`;
  if (whole <= 999) return String(whole);
  // Integer arithmetic on tenths, so rounding is exact.
  const thousandTenths = Math.floor((whole + 50) / 100);
  if (whole <= 999_999 && thousandTenths < 10_000) return `${(thousandTenths / 10).toFixed(1)}k`;
  const millionTenths = Math.floor((whole + 50_000) / 100_000);
  return `${(millionTenths / 10).toFixed(1)}m`;
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
