import { GRADES, LEVEL_MAX } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { gradeRanges, levelBar } from './grade-view';

describe('levelBar', () => {
  it('fills from the level start to the next level', () => {
    expect(levelBar({ experience: 200, level_experience: 150, next_experience: 300 })).toEqual({
      ratio: 50 / 150,
      into: 50,
      span: 150,
      toNext: 100,
    });
  });

  it('is full at the top level', () => {
    expect(levelBar({ experience: 99_000, level_experience: 88_500, next_experience: null })).toMatchObject({
      ratio: 1,
      toNext: null,
    });
  });
});

describe('gradeRanges', () => {
  it('gives each grade its levels up to the next grade, the last to the top level', () => {
    const ranges = gradeRanges(GRADES, LEVEL_MAX);
    expect(ranges[0]).toEqual({ name: 'novice', from: 1, to: 4 });
    expect(ranges[1]).toEqual({ name: 'player', from: 5, to: 9 });
    expect(ranges.at(-1)).toEqual({ name: 'legend', from: 50, to: LEVEL_MAX });
  });
});
