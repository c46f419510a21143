import type { ValidationResult } from './validators';

/** A muted word or phrase is at most this many characters (code points), trimmed. */
export const MUTE_WORD_MAX = 100;
/** A member mutes at most this many words and phrases. */
export const MUTE_WORDS_MAX = 100;

/**
 * The form both sides of a comparison take: NFKC folds full-width and compatibility forms
 * (ＡＢＣ, ｶﾀｶﾅ, ㈱) into their plain ones, then Unicode lower case folds case in every script
 * that has one. Applied to the phrase when it is stored and to every text it is looked for in.
 */
export function normalizeMuteText(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

/**
 * Scripts written without spaces between words (CJK, and the Southeast Asian ones), plus Hangul:
 * Korean puts spaces between phrases, but particles attach to the word (게임이, 게임을), so a
 * phrase in any of these matches anywhere inside the text.
 */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Letters, digits and combining marks: what a word is made of, on either side of a match. */
const WORD_CHAR = '[\\p{L}\\p{N}\\p{M}]';

const STARTS_WORD = new RegExp(`^${WORD_CHAR}`, 'u');
const ENDS_WORD = new RegExp(`${WORD_CHAR}$`, 'u');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Whether a phrase matches as a substring (it has unspaced script) or as whole words. */
export const matchesInsideWords = (normalized: string): boolean => UNSPACED.test(normalized);

export function validateMuteWord(value: string | null | undefined): ValidationResult {
  const text = (value ?? '').trim();
  if (!text) return 'validation.mute_word_required';
  return [...text].length > MUTE_WORD_MAX ? 'validation.mute_word_max' : null;
}

/** A muted phrase as the member typed it, and as it is compared (`normalizeMuteText`). */
export interface MutedPhrase {
  phrase: string;
  normalized: string;
}

/**
 * Which of a member's muted phrases a text contains, as the member typed them, in the order given;
 * an empty list when none. A phrase in an unspaced script (see UNSPACED) matches anywhere; any
 * other matches only as whole words: not "cat" inside "category", but "cat" in "cat!" or "cat's".
 */
export type MuteMatcher = (text: string) => string[];

const NO_MATCH: MuteMatcher = () => [];

export function muteMatcher(phrases: readonly MutedPhrase[]): MuteMatcher {
  const usable = phrases.filter((p) => p.normalized.length > 0);
  if (usable.length === 0) return NO_MATCH;
  const tests = usable.map(({ phrase, normalized }) => {
    if (matchesInsideWords(normalized)) return { phrase, inside: normalized, words: null };
    // A boundary only where the phrase itself begins or ends with a word character, as `\b` does:
    // "🍕" and "c++" are found right against a word, "cat" is not found inside "category".
    const before = STARTS_WORD.test(normalized) ? `(?<!${WORD_CHAR})` : '';
    const after = ENDS_WORD.test(normalized) ? `(?!${WORD_CHAR})` : '';
    const words = new RegExp(`${before}${escapeRegExp(normalized)}${after}`, 'u');
    return { phrase, inside: null, words };
  });
  const wordSources = tests.flatMap((t) => (t.words ? [t.words.source] : []));
  // Most texts contain none of the phrases: one pass over the text answers that for all the
  // whole-word phrases at once, and only a text that matches is tried phrase by phrase.
  const anyWord = wordSources.length > 0 ? new RegExp(wordSources.join('|'), 'u') : null;
  const insides = tests.flatMap((t) => (t.inside === null ? [] : [t.inside]));
  return (text) => {
    if (!text) return [];
    const normalized = normalizeMuteText(text);
    const wordHit = anyWord?.test(normalized) ?? false;
    if (!wordHit && !insides.some((inside) => normalized.includes(inside))) return [];
    return tests.flatMap((t) => {
      const hit = t.inside !== null ? normalized.includes(t.inside) : wordHit && t.words!.test(normalized);
      return hit ? [t.phrase] : [];
    });
  };
}
