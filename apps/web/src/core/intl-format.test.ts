import { LOCALE_VALUES } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { localeFormat } from './intl-format';

// Local times: the formatters read the device's time zone, and so do these.
const MAR_5 = new Date(2026, 2, 5, 14, 7).getTime();
const JAN_9_MORNING = new Date(2026, 0, 9, 4, 5).getTime();
const DEC_31_2025 = new Date(2025, 11, 31, 9, 30).getTime();

/** Spaces as ICU writes them (narrow and no-break) made plain, so expectations stay readable. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe("localeFormat: the product's forms in en-US (docs/product/i18n.md)", () => {
  const f = localeFormat('en-US');

  it('writes dates as "Mon DD, YYYY", with the 24-hour time when asked', () => {
    expect(f.date(MAR_5)).toBe('Mar 05, 2026');
    expect(f.date(String(JAN_9_MORNING / 1000))).toBe('Jan 09, 2026');
    expect(f.dateTime(MAR_5)).toBe('Mar 05, 2026 14:07');
    expect(f.dateTime(JAN_9_MORNING)).toBe('Jan 09, 2026 04:05');
    expect(f.time(JAN_9_MORNING)).toBe('04:05');
  });

  it('writes the compact date as "DD / MM / YY"', () => {
    expect(f.compactDate(MAR_5)).toBe('05 / 03 / 26');
    expect(f.compactDate(DEC_31_2025)).toBe('31 / 12 / 25');
    expect(f.compactDateTime(MAR_5)).toBe('05 / 03 / 26 14:07');
  });

  it('writes a relative time\'s day as "Mon.day", with ",year" in another year', () => {
    expect(f.monthDay(MAR_5, false)).toBe('Mar.5');
    expect(f.monthDay(DEC_31_2025, true)).toBe('Dec.31,2025');
  });

  it('groups whole numbers with commas', () => {
    expect(f.integer(24_242)).toBe('24,242');
    expect(f.integer(999_999)).toBe('999,999');
    expect(f.integer(-1234)).toBe('-1,234');
    expect(f.integer(7)).toBe('7');
    expect(f.fixed(1.855, 2)).toBe('1.86');
    expect(f.fixed(1234.5, 2)).toBe('1,234.50');
  });

  it('shortens with k and m and one decimal, never rounding up', () => {
    expect(f.compact(999)).toBe('999');
    expect(f.compact(2950)).toBe('2.9k');
    expect(f.compact(999_999)).toBe('999.9k');
    expect(f.compact(1_000_000)).toBe('1.0m');
    expect(f.compact(1_999_999)).toBe('1.9m');
  });

  it('writes file sizes in steps of 1024 with two decimals', () => {
    expect(f.fileSize(512)).toBe('512 B');
    expect(f.fileSize(1536)).toBe('1.50 KB');
    expect(f.fileSize(734_003_200)).toBe('700.00 MB');
  });
});

describe('localeFormat: every other language through Intl', () => {
  const cases = {
    'es-ES': {
      date: '5 mar 2026',
      dateTime: '5 mar 2026, 14:07',
      compactDate: '05 / 03 / 26',
      monthDay: '5 mar',
      monthDayWithYear: '31 dic 2025',
      integer: '24.242',
      compact: ['2,9 mil', '999,9 mil', '1,9 M'],
      fileSize: '1,50 KB',
      fixed: '1234,50',
    },
    'ja-JP': {
      date: '2026年3月5日',
      dateTime: '2026年3月5日 14:07',
      compactDate: '26 / 03 / 05',
      monthDay: '3月5日',
      monthDayWithYear: '2025年12月31日',
      integer: '24,242',
      compact: ['2950', '99.9万', '199.9万'],
      fileSize: '1.50 KB',
      fixed: '1,234.50',
    },
    'ko-KR': {
      date: '2026년 3월 5일',
      dateTime: '2026년 3월 5일 14:07',
      compactDate: '26 / 03 / 05',
      monthDay: '3월 5일',
      monthDayWithYear: '2025년 12월 31일',
      integer: '24,242',
      compact: ['2.9천', '99.9만', '199.9만'],
      fileSize: '1.50 KB',
      fixed: '1,234.50',
    },
    'pt-BR': {
      date: '5 de mar. de 2026',
      dateTime: '5 de mar. de 2026, 14:07',
      compactDate: '05 / 03 / 26',
      monthDay: '5 de mar.',
      monthDayWithYear: '31 de dez. de 2025',
      integer: '24.242',
      compact: ['2,9 mil', '999,9 mil', '1,9 mi'],
      fileSize: '1,50 KB',
      fixed: '1.234,50',
    },
    'pt-PT': {
      date: '5/03/2026',
      dateTime: '5/03/2026, 14:07',
      compactDate: '05 / 03 / 26',
      monthDay: '5/03',
      monthDayWithYear: '31/12/2025',
      integer: '24 242',
      compact: ['2,9 mil', '999,9 mil', '1,9 M'],
      fileSize: '1,50 KB',
      fixed: '1234,50',
    },
  } as const;

  it("covers every language but en-US, whose forms are the product's own", () => {
    expect(Object.keys(cases).sort()).toEqual(LOCALE_VALUES.filter((l) => l !== 'en-US').sort());
  });

  for (const [locale, want] of Object.entries(cases)) {
    describe(locale, () => {
      const f = localeFormat(locale);

      it('writes dates and times as the language does, in 24 hours', () => {
        expect(plain(f.date(MAR_5))).toBe(want.date);
        expect(plain(f.dateTime(MAR_5))).toBe(want.dateTime);
        expect(f.time(JAN_9_MORNING)).toBe('04:05');
        expect(f.date(MAR_5)).not.toMatch(/Mar /);
      });

      it("writes the compact date in the language's order, with the product's spaced slashes", () => {
        expect(f.compactDate(MAR_5)).toBe(want.compactDate);
        expect(f.compactDateTime(MAR_5)).toBe(`${want.compactDate} 14:07`);
      });

      it("writes a relative time's day in the language", () => {
        expect(plain(f.monthDay(MAR_5, false))).toBe(want.monthDay);
        expect(plain(f.monthDay(DEC_31_2025, true))).toBe(want.monthDayWithYear);
      });

      it('groups whole numbers as the language does', () => {
        expect(plain(f.integer(24_242))).toBe(want.integer);
        expect(f.integer(7)).toBe('7');
        expect(plain(f.fixed(1234.5, 2))).toBe(want.fixed);
      });

      it('shortens numbers without ever rounding up', () => {
        expect(f.compact(999)).toBe('999');
        expect([2950, 999_999, 1_999_999].map((n) => plain(f.compact(n)))).toEqual(want.compact);
      });

      it("writes file sizes with the language's decimal mark", () => {
        expect(f.fileSize(512)).toBe('512 B');
        expect(plain(f.fileSize(1536))).toBe(want.fileSize);
      });
    });
  }
});

describe('localeFormat: unreadable input', () => {
  it('gives "" for a timestamp no date can hold, and 0 for a number that is not one', () => {
    for (const locale of LOCALE_VALUES) {
      const f = localeFormat(locale);
      expect(f.date('never')).toBe('');
      expect(f.dateTime(Number.NaN)).toBe('');
      expect(f.compactDate(-1e20)).toBe('');
      expect(f.compactDateTime('')).toBe('');
      expect(f.time('never')).toBe('');
      expect(f.integer(Number.NaN)).toBe('0');
      expect(f.compact(Number.POSITIVE_INFINITY)).toBe('0');
    }
  });

  it('builds each language once', () => {
    expect(localeFormat('ja-JP')).toBe(localeFormat('ja-JP'));
  });
});
