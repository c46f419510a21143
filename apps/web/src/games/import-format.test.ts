import type { ImportProgress } from '@pixelhall/contract/host';
import { describe, expect, it } from 'vitest';
import { localeFormat } from '../core/intl-format';
import { formatClock, formatSpeed, isRunning, progressPercent } from './import-format';

const progress = (change: Partial<ImportProgress>): ImportProgress => ({
  phase: 'hashing',
  files: 0,
  totalFiles: 0,
  bytes: 0,
  totalBytes: 0,
  bytesPerSecond: 0,
  secondsLeft: null,
  current: null,
  ...change,
});

describe('formatClock', () => {
  it('reads minutes and seconds, hours only when needed', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(42)).toBe('0:42');
    expect(formatClock(725)).toBe('12:05');
    expect(formatClock(3723)).toBe('1:02:03');
  });
  it('rounds up and never goes negative', () => {
    expect(formatClock(0.2)).toBe('0:01');
    expect(formatClock(-5)).toBe('0:00');
  });
});

describe('formatSpeed', () => {
  it('uses the shared file-size units', () => {
    expect(formatSpeed(12.5 * 1024 * 1024, localeFormat('en-US'))).toBe('12.50 MB/s');
    expect(formatSpeed(0, localeFormat('en-US'))).toBe('0 B/s');
    expect(formatSpeed(12.5 * 1024 * 1024, localeFormat('es-ES'))).toBe('12,50 MB/s');
  });
});

describe('progressPercent', () => {
  it('follows bytes once their total is known', () => {
    expect(progressPercent(progress({ files: 9, totalFiles: 10, bytes: 25, totalBytes: 100 }))).toBe(25);
  });
  it('falls back to files while bytes are unknown, and is 0 with nothing counted', () => {
    expect(progressPercent(progress({ phase: 'scanning', files: 3, totalFiles: 4 }))).toBe(75);
    expect(progressPercent(progress({ phase: 'scanning' }))).toBe(0);
  });
  it('is full when done and clamps odd counts', () => {
    expect(progressPercent(progress({ phase: 'done' }))).toBe(100);
    expect(progressPercent(progress({ bytes: 150, totalBytes: 100 }))).toBe(100);
  });
});

describe('isRunning', () => {
  it('is true for the working phases only', () => {
    expect(isRunning(null)).toBe(false);
    expect(isRunning(progress({ phase: 'scanning' }))).toBe(true);
    expect(isRunning(progress({ phase: 'matching' }))).toBe(true);
    expect(isRunning(progress({ phase: 'done' }))).toBe(false);
    expect(isRunning(progress({ phase: 'cancelled' }))).toBe(false);
  });
});
