import { describe, expect, it, vi } from 'vitest';
import { guardedStorage } from './persisted';

function fullStorage(error: unknown): Storage {
  const items = new Map<string, string>([['kept', '1']]);
  return {
    getItem: (k: string) => items.get(k) ?? null,
    removeItem: (k: string) => void items.delete(k),
    setItem: () => {
      throw error;
    },
  } as unknown as Storage;
}

describe('guardedStorage', () => {
  it('says "Out of string space" when the device has no room, without throwing', () => {
    const onFull = vi.fn();
    const storage = guardedStorage(fullStorage(new DOMException('full', 'QuotaExceededError')), onFull);
    expect(() => storage.setItem('pixelhall.session', '{}')).not.toThrow();
    expect(onFull).toHaveBeenCalledWith('errors.out_of_string_space');
    expect(storage.getItem('kept')).toBe('1');
  });

  it('lets other failures through', () => {
    const onFull = vi.fn();
    const storage = guardedStorage(fullStorage(new TypeError('broken')), onFull);
    expect(() => storage.setItem('x', '1')).toThrow('broken');
    expect(onFull).not.toHaveBeenCalled();
  });
});
