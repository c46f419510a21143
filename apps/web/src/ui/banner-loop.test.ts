import { describe, expect, it } from 'vitest';
import { bannerAt, loopJump, positionOf, trackLength } from './banner-loop';

describe('banner loop', () => {
  it('puts a copy of the last banner first and of the first banner last', () => {
    expect(trackLength(3)).toBe(5);
    expect([0, 1, 2, 3, 4].map((position) => bannerAt(position, 3))).toEqual([2, 0, 1, 2, 0]);
    expect([0, 1, 2].map((banner) => positionOf(banner, 3))).toEqual([1, 2, 3]);
  });

  it('jumps from either copy to the banner it copies, and stays on real ones', () => {
    expect(loopJump(0, 3)).toBe(3);
    expect(loopJump(4, 3)).toBe(1);
    expect([1, 2, 3].map((position) => loopJump(position, 3))).toEqual([null, null, null]);
  });

  it('has no copies and nothing to loop for a single banner', () => {
    expect(trackLength(1)).toBe(1);
    expect(bannerAt(0, 1)).toBe(0);
    expect(positionOf(0, 1)).toBe(0);
    expect(loopJump(0, 1)).toBeNull();
  });
});
