import { describe, expect, it } from 'vitest';
import { localeFormat } from '../../core/intl-format';
import { downloadedBytes, storageUse } from './storage';

const en = localeFormat('en-US');

describe('storageUse', () => {
  it('reads used and quota in file-size units with a percentage', () => {
    expect(storageUse({ usage: 512 * 1024 * 1024, quota: 2 * 1024 ** 3 }, en)).toEqual({
      used: '512.00 MB',
      quota: '2.00 GB',
      percent: 25,
    });
  });
  it('shows a sliver for tiny use and nothing for none', () => {
    expect(storageUse({ usage: 10, quota: 1024 ** 3 }, en)?.percent).toBe(1);
    expect(storageUse({ usage: 0, quota: 1024 }, en)).toEqual({ used: '0 B', quota: '1.00 KB', percent: 0 });
  });
  it('is null when the browser gives no numbers', () => {
    expect(storageUse(null, en)).toBeNull();
    expect(storageUse({}, en)).toBeNull();
    expect(storageUse({ usage: 5, quota: 0 }, en)).toBeNull();
  });
});

describe('downloadedBytes', () => {
  it('adds up finished downloads only', () => {
    expect(
      downloadedBytes([
        { status: 'downloaded', size: 100 },
        { status: 'downloading', size: 900 },
        { status: 'downloaded', size: 24 },
      ]),
    ).toBe(124);
  });
});
