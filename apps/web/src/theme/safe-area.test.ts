import { describe, expect, it } from 'vitest';
import { applySafeArea } from './safe-area';

function fakeRoot() {
  const set = new Map<string, string>();
  const root = { style: { setProperty: (name: string, value: string) => set.set(name, value) } };
  return { root: root as unknown as HTMLElement, set };
}

describe('applySafeArea', () => {
  it("puts the host's top and bottom insets on the root for the bars", () => {
    const { root, set } = fakeRoot();
    applySafeArea(root, { top: 47, bottom: 34 });
    expect(Object.fromEntries(set)).toEqual({
      '--ph-host-safe-top': '47px',
      '--ph-host-safe-bottom': '34px',
    });
    applySafeArea(root, { top: 24.333, bottom: 0 });
    expect(Object.fromEntries(set)).toEqual({
      '--ph-host-safe-top': '24.33px',
      '--ph-host-safe-bottom': '0px',
    });
  });

  it('counts nonsense from a host as no inset', () => {
    const { root, set } = fakeRoot();
    applySafeArea(root, { top: -5, bottom: Number.NaN });
    expect(Object.fromEntries(set)).toEqual({ '--ph-host-safe-top': '0px', '--ph-host-safe-bottom': '0px' });
  });
});
