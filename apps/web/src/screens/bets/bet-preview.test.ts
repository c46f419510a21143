import { describe, expect, it } from 'vitest';
import { localeFormat } from '../../core/intl-format';
import { betPreview, formatOdds, oddsToX100 } from './bet-preview';

describe('betPreview', () => {
  it('shows the gross win, the 10 % service charge and the prize before confirming', () => {
    expect(betPreview('100', 1.85)).toEqual({ kind: 'ok', amount: 100, gross: 185, charge: 18, prize: 167 });
    expect(betPreview(' 1000 ', 2.5)).toEqual({
      kind: 'ok',
      amount: 1000,
      gross: 2500,
      charge: 250,
      prize: 2250,
    });
  });

  it('rounds down in the house rules: gross, then charge, never a fraction of gold', () => {
    expect(betPreview('7', 1.33)).toEqual({ kind: 'ok', amount: 7, gross: 9, charge: 0, prize: 9 });
    expect(betPreview('999999', 1.01)).toEqual({
      kind: 'ok',
      amount: 999_999,
      gross: 1_009_998,
      charge: 100_999,
      prize: 908_999,
    });
  });

  it('refuses what the server would: over 999,999, zero, decimals and words', () => {
    expect(betPreview('1000000', 2)).toEqual({ kind: 'invalid', error: 'validation.amount_max' });
    expect(betPreview('0', 2)).toEqual({ kind: 'invalid', error: 'validation.amount_invalid' });
    expect(betPreview('1.5', 2)).toEqual({ kind: 'invalid', error: 'validation.amount_invalid' });
    expect(betPreview('1e3', 2)).toEqual({ kind: 'invalid', error: 'validation.amount_invalid' });
    expect(betPreview('', 2)).toEqual({ kind: 'empty' });
  });
});

describe('odds', () => {
  it('reads decimal odds in hundredths without float drift', () => {
    expect(oddsToX100(1.15)).toBe(115);
    expect(oddsToX100(2.3)).toBe(230);
    expect(formatOdds(2, localeFormat('en-US'))).toBe('2.00');
    expect(formatOdds(1.855, localeFormat('en-US'))).toBe('1.86');
    expect(formatOdds(1.855, localeFormat('pt-BR'))).toBe('1,86');
  });
});
