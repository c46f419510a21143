import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

describe('formatFileSize', () => {
  it('shows whole bytes below 1 KB', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1)).toBe('1 B');
    expect(formatFileSize(1023)).toBe('1023 B');
  });

  it('steps up at each 1024 boundary with two decimals', () => {
    expect(formatFileSize(KB)).toBe('1.00 KB');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(MB - KB)).toBe('1023.00 KB');
    expect(formatFileSize(MB)).toBe('1.00 MB');
    expect(formatFileSize(GB - MB)).toBe('1023.00 MB');
    expect(formatFileSize(GB)).toBe('1.00 GB');
    expect(formatFileSize(500 * MB)).toBe('500.00 MB');
  });

  it('moves up rather than printing 1024.00 of a unit', () => {
    expect(formatFileSize(MB - 1)).toBe('1.00 MB');
    expect(formatFileSize(GB - 1)).toBe('1.00 GB');
  });

  it('never goes above GB', () => {
    expect(formatFileSize(1024 * GB)).toBe('1024.00 GB');
    expect(formatFileSize(2.5 * 1024 * GB)).toBe('2560.00 GB');
  });

  it('reads nonsense as 0 B', () => {
    expect(formatFileSize(-5)).toBe('0 B');
    expect(formatFileSize(Number.NaN)).toBe('0 B');
  });
});
