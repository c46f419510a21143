import { GameCode, MainCode } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { answerKind } from './answer-kind';

describe('answerKind', () => {
  it('reads 1003 as not enough gold on every base', () => {
    expect(answerKind('api', MainCode.NotEnoughGold)).toBe('gold');
    expect(answerKind('game', GameCode.NotEnoughGold)).toBe('gold');
    expect(answerKind('upload', 1003)).toBe('gold');
  });

  it('reads expiry by the code of the base that answered', () => {
    expect(answerKind('api', MainCode.Expired)).toBe('expired');
    expect(answerKind('upload', MainCode.Expired)).toBe('expired');
    expect(answerKind('game', GameCode.Expired)).toBe('expired');
    // Another base's expiry code is only a failure here.
    expect(answerKind('game', MainCode.Expired)).toBe('fail');
    expect(answerKind('api', GameCode.Expired)).toBe('fail');
  });

  it('reads success and plain failures', () => {
    expect(answerKind('game', 1)).toBe('success');
    expect(answerKind('api', 0)).toBe('fail');
    expect(answerKind('api', 42)).toBe('fail');
  });
});
