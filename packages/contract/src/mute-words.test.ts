import { describe, expect, it } from 'vitest';
import {
  MUTE_WORD_MAX,
  matchesInsideWords,
  muteMatcher,
  normalizeMuteText,
  validateMuteWord,
} from './mute-words';

const muted = (...phrases: string[]) =>
  muteMatcher(phrases.map((phrase) => ({ phrase, normalized: normalizeMuteText(phrase.trim()) })));

describe('normalizeMuteText', () => {
  it('folds compatibility forms and case in every script that has one', () => {
    expect(normalizeMuteText('ＳＰＯＩＬＥＲ')).toBe('spoiler');
    expect(normalizeMuteText('ｽﾎﾟｲﾗｰ')).toBe('スポイラー');
    expect(normalizeMuteText('ÑANDÚ')).toBe('ñandú');
    // A decomposed accent (e + U+0301) and the composed letter are one after NFKC.
    expect(normalizeMuteText('cafe\u0301')).toBe(normalizeMuteText('café'));
    expect(normalizeMuteText('ΣΟΦΊΑ')).toBe('σοφία');
  });
});

describe('muteMatcher', () => {
  it('matches English on word boundaries, whatever the case or the punctuation around it', () => {
    const match = muted('spoiler', 'final boss');
    expect(match('Big SPOILER ahead')).toEqual(['spoiler']);
    expect(match('spoiler!')).toEqual(['spoiler']);
    expect(match('"Spoiler": the ending')).toEqual(['spoiler']);
    expect(match('no spoilers here')).toEqual([]);
    expect(match('unspoiler')).toEqual([]);
    expect(match('The Final Boss is a dragon')).toEqual(['final boss']);
    expect(match('finalboss')).toEqual([]);
    expect(match('spoiler about the final boss')).toEqual(['spoiler', 'final boss']);
    expect(match('')).toEqual([]);
  });

  it('reports every phrase found, the longer ones and the words inside them alike', () => {
    const match = muted('game over', 'game');
    expect(match('Game over, man')).toEqual(['game over', 'game']);
    expect(match('a new game')).toEqual(['game']);
  });

  it('finds Japanese anywhere in the text, which has no spaces between words', () => {
    const match = muted('ネタバレ', '最終ボス');
    expect(match('このゲームのネタバレを書きます')).toEqual(['ネタバレ']);
    expect(match('最終ボスは強かった')).toEqual(['最終ボス']);
    // Half-width katakana is the same word after NFKC.
    expect(match('ﾈﾀﾊﾞﾚ注意')).toEqual(['ネタバレ']);
    expect(match('ゲームの感想')).toEqual([]);
  });

  it('finds Chinese anywhere in the text', () => {
    const match = muted('剧透');
    expect(match('这里有剧透，小心')).toEqual(['剧透']);
    expect(match('没有内容')).toEqual([]);
  });

  it('finds Korean with its particles attached', () => {
    const match = muted('스포일러', '보스');
    expect(match('이 글에는 스포일러가 있습니다')).toEqual(['스포일러']);
    expect(match('마지막 보스를 이겼다')).toEqual(['보스']);
    expect(match('재미있는 게임')).toEqual([]);
  });

  it('matches Spanish and Portuguese words with their accents, in either Unicode form', () => {
    const match = muted('niño', 'coração');
    expect(match('El NIÑO ganó')).toEqual(['niño']);
    expect(match('El nin\u0303o ganó')).toEqual(['niño']);
    expect(match('los niños juegan')).toEqual([]);
    expect(match('Meu Coração!')).toEqual(['coração']);
    expect(match('corações partidos')).toEqual([]);
  });

  it('treats a phrase of Latin and CJK together as one found inside words', () => {
    const match = muted('FF7リメイク');
    expect(match('ＦＦ７リメイクが楽しみ')).toEqual(['FF7リメイク']);
    expect(matchesInsideWords('ff7リメイク')).toBe(true);
    expect(matchesInsideWords('ff7')).toBe(false);
  });

  it('matches emoji, with or without words around them', () => {
    const match = muted('🍕', 'pizza 🍕');
    expect(match('I love🍕so much')).toEqual(['🍕']);
    expect(match('pizza 🍕 night')).toEqual(['🍕', 'pizza 🍕']);
    expect(match('pizza night')).toEqual([]);
  });

  it('takes regular-expression characters literally', () => {
    const match = muted('c++', 'a.b', '(x)', 'what?');
    expect(match('I write C++ daily')).toEqual(['c++']);
    expect(match('axb')).toEqual([]);
    expect(match('a.b')).toEqual(['a.b']);
    expect(match('see (x) here')).toEqual(['(x)']);
    expect(match('what? why')).toEqual(['what?']);
    expect(match('whatever')).toEqual([]);
  });

  it('answers nothing when no phrase is muted', () => {
    expect(muted()('anything at all')).toEqual([]);
  });
});

describe('validateMuteWord', () => {
  it('wants a word of at most MUTE_WORD_MAX characters, counted as code points after trimming', () => {
    expect(validateMuteWord('')).toBe('validation.mute_word_required');
    expect(validateMuteWord('   ')).toBe('validation.mute_word_required');
    expect(validateMuteWord(null)).toBe('validation.mute_word_required');
    expect(validateMuteWord(`  ${'a'.repeat(MUTE_WORD_MAX)}  `)).toBeNull();
    expect(validateMuteWord('a'.repeat(MUTE_WORD_MAX + 1))).toBe('validation.mute_word_max');
    expect(validateMuteWord('😀'.repeat(MUTE_WORD_MAX))).toBeNull();
  });
});
