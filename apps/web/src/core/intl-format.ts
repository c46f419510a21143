import {
  DEFAULT_LOCALE,
  fileSizeParts,
  formatCount,
  formatDate,
  formatMonthDayEn,
  formatShortDate,
  groupThousands,
  toMillis,
} from '@pixelhall/contract';

/**
 * Dates, times and numbers as the reader's language writes them. American English keeps the
 * product's own forms ("Mar 05, 2026", "05 / 03 / 26", "2.9k"), which the contract prints; every
 * other language is written by `Intl`. Timestamps are seconds or milliseconds (`toMillis`) and
 * read in the device's time zone; an unreadable one gives "".
 */
export interface LocaleFormat {
  /** "Mar 05, 2026" · "2026年3月5日" · "5 de mar. de 2026". */
  date(ts: number | string): string;
  /** The date and the 24-hour time: "Mar 05, 2026 14:07". */
  dateTime(ts: number | string): string;
  /** Day, month and two-digit year where space is short: "05 / 03 / 26" · "26 / 03 / 05" (ja-JP). */
  compactDate(ts: number | string): string;
  /** The compact date and the time: "05 / 03 / 26 14:07". */
  compactDateTime(ts: number | string): string;
  /** The 24-hour time: "14:07". */
  time(ts: number | string): string;
  /** The day a relative time falls back to: "Mar.5", "Mar.5,2025" · "3月5日" · "5 de mar.". */
  monthDay(ms: number, withYear: boolean): string;
  /** A whole number in full: "24,242" · "24.242" (pt-BR) · "24 242" (pt-PT). */
  integer(n: number): string;
  /** A number with exactly `digits` decimals, rounded: "1.85" · "1,85". */
  fixed(n: number, digits: number): string;
  /** A count or balance in short, never rounded up: "2.9k", "999.9k" · "2,9 mil" · "99.9万". */
  compact(n: number): string;
  /** "512 B", "1.50 KB" · "1,50 KB": steps of 1024, two decimals past bytes. */
  fileSize(bytes: number): string;
}

const SPEC_LOCALE = DEFAULT_LOCALE;

/** The " / " the compact date puts between its parts, whatever the language's own separator. */
const COMPACT_SEPARATOR = ' / ';

function readable(ts: number | string): Date | null {
  const date = new Date(toMillis(ts));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Exact decimals; en-US `Intl` already writes the product's comma-grouped "1,234.50". */
function fixedIn(locale: string): LocaleFormat['fixed'] {
  const byDigits = new Map<number, Intl.NumberFormat>();
  return (n, digits) => {
    let fmt = byDigits.get(digits);
    if (!fmt) {
      fmt = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
      byDigits.set(digits, fmt);
    }
    return fmt.format(Number.isFinite(n) ? n : 0);
  };
}

/** The product's own en-US forms, word for word (docs/product/i18n.md). */
function specFormat(): LocaleFormat {
  const time = (ts: number | string) => {
    const d = readable(ts);
    return d ? `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}` : '';
  };
  return {
    date: (ts) => formatDate(ts),
    dateTime: (ts) => formatDate(ts, { withTime: true }),
    compactDate: (ts) => formatShortDate(ts),
    compactDateTime: (ts) => {
      const date = formatShortDate(ts);
      return date && `${date} ${time(ts)}`;
    },
    time,
    monthDay: formatMonthDayEn,
    integer: (n) => (Number.isFinite(n) ? groupThousands(Math.trunc(n)) : '0'),
    fixed: fixedIn(SPEC_LOCALE),
    compact: formatCount,
    fileSize: (bytes) => {
      const { value, unit, decimals } = fileSizeParts(bytes);
      return `${value.toFixed(decimals)} ${unit}`;
    },
  };
}

/** Every other language, through `Intl` with the product's choices (24-hour time, cut decimals). */
function intlFormat(locale: string): LocaleFormat {
  const dateFmt = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' });
  const timeFmt = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const dateTimeFmt = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const numericFmt = new Intl.DateTimeFormat(locale, { year: '2-digit', month: '2-digit', day: '2-digit' });
  const monthDayFmt = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' });
  const integerFmt = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, roundingMode: 'trunc' });
  // One decimal at most, as the product's "2.9k"; cut so a balance never reads more than it holds.
  const compactFmt = new Intl.NumberFormat(locale, {
    notation: 'compact',
    maximumFractionDigits: 1,
    roundingMode: 'trunc',
  });
  const bytesFmt = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const unitsFmt = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const via = (fmt: Intl.DateTimeFormat) => (ts: number | string) => {
    const d = readable(ts);
    return d ? fmt.format(d) : '';
  };
  // The language's own order of day, month and year, with the product's spaced slashes between.
  const compactDate = (ts: number | string) => {
    const d = readable(ts);
    if (!d) return '';
    return numericFmt
      .formatToParts(d)
      .filter((part) => part.type === 'day' || part.type === 'month' || part.type === 'year')
      .map((part) => part.value)
      .join(COMPACT_SEPARATOR);
  };
  const time = via(timeFmt);
  return {
    date: via(dateFmt),
    dateTime: via(dateTimeFmt),
    compactDate,
    compactDateTime: (ts) => {
      const date = compactDate(ts);
      return date && `${date} ${time(ts)}`;
    },
    time,
    monthDay: (ms, withYear) => via(withYear ? dateFmt : monthDayFmt)(ms),
    integer: (n) => integerFmt.format(Number.isFinite(n) ? n : 0),
    fixed: fixedIn(locale),
    compact: (n) => compactFmt.format(Number.isFinite(n) ? Math.trunc(n) : 0),
    fileSize: (bytes) => {
      const { value, unit, decimals } = fileSizeParts(bytes);
      return `${(decimals === 0 ? bytesFmt : unitsFmt).format(value)} ${unit}`;
    },
  };
}

const cache = new Map<string, LocaleFormat>();

/** The formatters of a language, built once: `Intl` formatters are costly to make, cheap to use. */
export function localeFormat(locale: string): LocaleFormat {
  let format = cache.get(locale);
  if (!format) {
    format = locale === SPEC_LOCALE ? specFormat() : intlFormat(locale);
    cache.set(locale, format);
  }
  return format;
}
