import { describe, expect, it } from 'vitest';
import { TOP_TOAST_ROOM, toastSpot } from './toast-placement';

describe('toastSpot', () => {
  it('shows in the middle with nothing open, or at the top when the toast belongs there', () => {
    expect(toastSpot([], false)).toBe('center');
    expect(toastSpot([], true)).toBe('top');
  });

  it('moves above an open dialog, sheet or reward card that leaves the top free', () => {
    expect(toastSpot([300], false)).toBe('top');
    expect(toastSpot([TOP_TOAST_ROOM, 500], false)).toBe('top');
  });

  it('waits while an open panel reaches into the top strip', () => {
    expect(toastSpot([TOP_TOAST_ROOM - 1], false)).toBe('wait');
    expect(toastSpot([400, 0], true)).toBe('wait');
  });
});
