import { describe, expect, it } from 'vitest';
import { openPanelTops, TOP_TOAST_ROOM, toastSpot } from './toast-placement';

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

describe('openPanelTops', () => {
  const panel = (top: number, height: number) => ({
    getBoundingClientRect: () => ({ top, height, width: height ? 390 : 0 }),
  });

  it('reads the overlay panels on screen, and skips a closed popup kept in the page', () => {
    const asked: string[] = [];
    const root = {
      querySelectorAll: (selector: string) => {
        asked.push(selector);
        return [panel(520, 324), panel(0, 0), panel(260, 300)];
      },
    } as unknown as ParentNode;
    expect(openPanelTops(root)).toEqual([520, 260]);
    expect(asked[0]).toContain('.adm-popup-body');
    expect(asked[0]).toContain('.reward-card');
  });
});
