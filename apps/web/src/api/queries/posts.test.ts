import type { Envelope } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../client';
import { isAdultConfirmError } from './posts';

const refusal = (msg: string, reason?: Envelope['reason']): Envelope => ({
  code: 0,
  msg,
  data: null,
  reason,
});

describe('isAdultConfirmError', () => {
  it('knows the 18+ question by its reason, in whatever words it came', () => {
    for (const msg of ['Are you 18+ years old?', '¿Tienes 18 años o más?', 'A wording of next year']) {
      const error = new ApiError('business', msg, refusal(msg, 'errors.adult_confirm'));
      expect(isAdultConfirmError(error), msg).toBe(true);
    }
  });

  it('is not fooled by the same words with another reason, or none', () => {
    const words = 'Are you 18+ years old?';
    expect(isAdultConfirmError(new ApiError('business', words, refusal(words, 'errors.not_found')))).toBe(
      false,
    );
    expect(isAdultConfirmError(new ApiError('business', words, refusal(words)))).toBe(false);
    expect(isAdultConfirmError(new ApiError('network', words))).toBe(false);
    expect(isAdultConfirmError(new Error(words))).toBe(false);
  });
});
