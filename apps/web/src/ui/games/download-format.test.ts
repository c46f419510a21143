import { describe, expect, it } from 'vitest';
import { localeFormat } from '../../core/intl-format';
import { formatReceived, formatSpeed, percent } from './download-format';

const en = localeFormat('en-US');

describe('download formatters', () => {
  it('shows a speed only while bytes arrive', () => {
    expect(formatSpeed(0, en)).toBe('');
    expect(formatSpeed(1536, en)).toBe('1.50 KB/s');
    expect(formatSpeed(3 * 1024 * 1024, en)).toBe('3.00 MB/s');
  });

  it('rounds the percent down, so 100% means complete', () => {
    expect(percent(0)).toBe(0);
    expect(percent(-3)).toBe(0);
    expect(percent(Number.NaN)).toBe(0);
    expect(percent(42.7)).toBe(42);
    expect(percent(99.99)).toBe(99);
    expect(percent(100)).toBe(100);
    expect(percent(140)).toBe(100);
  });

  it('shows received / total while partial, else the total', () => {
    expect(formatReceived(0, 2048, en)).toBe('2.00 KB');
    expect(formatReceived(1024, 2048, en)).toBe('1.00 KB / 2.00 KB');
    expect(formatReceived(1024, 2048, localeFormat('pt-BR'))).toBe('1,00 KB / 2,00 KB');
    expect(formatReceived(2048, 2048, en)).toBe('2.00 KB');
  });
});
