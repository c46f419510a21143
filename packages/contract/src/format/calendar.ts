/**
 * English month abbreviations, for the product's en-US forms (docs/product/i18n.md); other languages name their months
 * through Intl (docs/product/i18n.md#formats).
 */
export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** A Date for epoch milliseconds, or null when the value is outside what Date can hold. */
export function dateAt(ms: number): Date | null {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? null : date;
}
