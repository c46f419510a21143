/** Index lookups need at least a trigram; shorter terms are matched by a scan (see repo.ts). */
export const TRIGRAM = 3;
/** A keyword's words past this many add cost and hardly narrow the results. */
const TERMS_MAX = 8;
/** Hot searches keep this many characters of a keyword. */
export const HOT_TERM_MAX = 50;

const codePoints = (s: string) => Array.from(s).length;

/** What a keyword searches for: every term must appear, as a substring, case aside. */
export interface SearchTerms {
  /** The whole keyword, lower-cased with single spaces: what names are compared to for rank. */
  phrase: string;
  /** Terms an index can find (at least a trigram long). */
  indexed: string[];
  /** Terms too short for an index. */
  short: string[];
}

export function searchTermsOf(keyword: string): SearchTerms {
  const words = keyword.toLowerCase().split(/\s+/u).filter(Boolean);
  const terms = [...new Set(words)].slice(0, TERMS_MAX);
  return {
    phrase: words.join(' '),
    indexed: terms.filter((w) => codePoints(w) >= TRIGRAM),
    short: terms.filter((w) => codePoints(w) < TRIGRAM),
  };
}

/**
 * A keyword as hot searches count it: compatibility-normalised (full-width letters become the
 * usual ones), lower-cased, single-spaced, trimmed, at most HOT_TERM_MAX characters.
 */
export function hotTermOf(keyword: string): string {
  const normal = keyword.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
  return Array.from(normal).slice(0, HOT_TERM_MAX).join('').trim();
}
