import { describe, expect, it } from 'vitest';
import { isStorageFull } from './storage-full';

describe('isStorageFull', () => {
  it('recognises a full quota however the browser names it', () => {
    expect(isStorageFull(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isStorageFull({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    // Old WebKit's localStorage: a DOMException with the legacy code 22.
    expect(isStorageFull({ name: 'Error', code: 22 })).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(isStorageFull(new DOMException('gone', 'NotFoundError'))).toBe(false);
    expect(isStorageFull(new Error('QuotaExceededError'))).toBe(false);
    expect(isStorageFull(null)).toBe(false);
    expect(isStorageFull('QuotaExceededError')).toBe(false);
  });
});
