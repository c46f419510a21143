import { describe, expect, it } from 'vitest';
import { compareVersions, isNewerVersion } from './version';

describe('compareVersions', () => {
  it('treats missing parts as 0', () => {
    expect(compareVersions('1.8.6', '1.8.6')).toBe(0);
    expect(compareVersions('1.8.6', '1.8.6.0')).toBe(0);
    expect(compareVersions('1.8.6.0', '1.8.6')).toBe(0);
    expect(compareVersions('1.8.6.1', '1.8.6')).toBe(1);
    expect(compareVersions('1.8.6', '1.8.6.1')).toBe(-1);
  });

  it('compares parts numerically', () => {
    expect(compareVersions('1.10', '1.9')).toBe(1);
    expect(compareVersions('1.9', '1.10')).toBe(-1);
    expect(compareVersions('2.0', '1.99.99')).toBe(1);
    expect(compareVersions('1.08', '1.8')).toBe(0);
    expect(compareVersions('1.99999999999999999999', '1.99999999999999999998')).toBe(1);
  });

  it('counts non-numeric parts as 0', () => {
    expect(compareVersions('1.x', '1.0')).toBe(0);
    expect(compareVersions('1.beta', '1.1')).toBe(-1);
    expect(compareVersions('', '0')).toBe(0);
  });
});

describe('isNewerVersion', () => {
  it('is true only for a strictly newer candidate', () => {
    expect(isNewerVersion('1.8.7', '1.8.6')).toBe(true);
    expect(isNewerVersion('1.8.6.1', '1.8.6')).toBe(true);
    expect(isNewerVersion('1.8.6.0', '1.8.6')).toBe(false);
    expect(isNewerVersion('1.8.5', '1.8.6')).toBe(false);
  });
});
