import { describe, expect, it } from 'vitest';
import { reportRowId } from '../../api/queries/moderation';
import { checkReason, composeReason } from './reason';

describe('a moderator’s reason', () => {
  it('is the preset, then the moderator’s own words', () => {
    expect(composeReason('Spam', '  selling gold ')).toBe('Spam: selling gold');
    expect(composeReason('Spam', '   ')).toBe('Spam');
    expect(composeReason(null, ' off the rails ')).toBe('off the rails');
  });

  it('needs words of their own with no preset, with Other, and where no presets are offered', () => {
    const base = { presets: true, presetLabel: null, details: '', max: 500 } as const;
    expect(checkReason({ ...base, preset: null })).toEqual({ problem: 'needReason' });
    expect(checkReason({ ...base, preset: 'other', presetLabel: 'Other' })).toEqual({
      problem: 'needReason',
    });
    expect(checkReason({ ...base, presets: false, preset: null })).toEqual({ problem: 'needReason' });
    expect(checkReason({ ...base, preset: 'spam', presetLabel: 'Spam' })).toEqual({ reason: 'Spam' });
    // "Other" is not a reason in itself: only the words are sent.
    expect(checkReason({ ...base, preset: 'other', presetLabel: 'Other', details: 'a bot' })).toEqual({
      reason: 'a bot',
    });
    expect(checkReason({ ...base, presets: false, preset: null, details: 'served the time' })).toEqual({
      reason: 'served the time',
    });
  });

  it('fits the server’s limit, counted in characters as the server counts them', () => {
    const base = { presets: true, preset: 'spam', presetLabel: 'Spam', max: 10 } as const;
    // "Spam: " and four emoji: ten characters, though more UTF-16 units.
    expect(checkReason({ ...base, details: '🎮🎮🎮🎮' })).toEqual({ reason: 'Spam: 🎮🎮🎮🎮' });
    expect(checkReason({ ...base, details: '🎮🎮🎮🎮🎮' })).toEqual({ problem: 'tooLong' });
  });
});

describe('report rows', () => {
  it('are numbered apart for posts, comments and members with the same id', () => {
    const ids = [1, 2, 3].flatMap((id) =>
      (['post', 'comment', 'user'] as const).map((t) => reportRowId(t, id)),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
