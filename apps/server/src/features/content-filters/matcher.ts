import {
  type FilterAction,
  type FilterKind,
  muteMatcher,
  normalizeMuteText,
  type MuteMatcher,
} from '@pixelhall/contract';
import { RE2JS, RE2JSException } from 're2js';
import safeRegex from 'safe-regex2';

/**
 * How a filter's value is compared, and how a text is screened against every filter
 * (docs/internals/content-filters.md). Pure: the service reads the rows, this compiles them once.
 */

export interface FilterRule {
  id: number;
  kind: FilterKind;
  value: string;
  normalized: string;
  action: FilterAction;
}

/** A value an administrator typed that cannot become a filter, with the message that says why. */
export type Refusal =
  | { key: 'errors.filter_pattern_invalid'; detail: string }
  | { key: 'errors.filter_pattern_slow' }
  | { key: 'errors.filter_link_invalid' };

/**
 * A host as compared: lower case, in its ASCII (punycode) form, without a trailing dot; null when
 * `candidate` is not a host. Accepts a bare host (spam.example) or an address (https://spam.example/x).
 */
export function hostOf(candidate: string): string | null {
  const trimmed = candidate.trim();
  if (!trimmed || /\s/.test(trimmed)) return null;
  const address = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  let host: string;
  try {
    host = new URL(address).hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, '').toLowerCase();
  // A host names a machine, so it has a label of letters or digits; "..", "-" or "" never will.
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host) && !/^\[[0-9a-f:.]+\]$/.test(host)) return null;
  return host;
}

/** An address in a text: any scheme, the host up to its path, query or end, then the rest up to a space. */
const ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/([^\s/?#<>"'()[\]{}\\]+)\S*/giu;
/**
 * A host written without a scheme (spam.example, www.spam.example/x): ASCII labels, so a host
 * right against CJK text (これはspam.exampleです) is still found without taking the words in.
 */
const BARE_HOST = /(?<![a-z0-9@._-])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(?![a-z0-9_-])(\/)?/gu;
/**
 * Top-level domains common enough that a bare name ending in one counts as a link for the
 * new-member rule. A narrower test than link filters use: "Vue.js" or "README.md" written by a new
 * member is no link, while "cheap-pills.com" is. A host followed by a path counts whatever its end.
 */
const LINK_TLDS = new Set(
  (
    'com net org info biz io co me ly gg xyz top site online shop store club live link click app dev ' +
    'page tk ml ga cf gq ru cn su ua uk us de fr jp kr br pt es nl pl tv cc ws vip win bid loan work ' +
    'fun icu buzz rest cam monster news today world life cloud space website tech pro mobi asia'
  ).split(' '),
);

/** The form a text is screened in: NFKC (full-width letters and dots fold), ideographic full stops as dots. */
const screenForm = (text: string) => text.normalize('NFKC').replace(/[\u3002\uff61]/g, '.');

/** Every host a text names, with whether it surely is a link (see LINK_TLDS). */
function hostsIn(text: string): { host: string; link: boolean }[] {
  const form = screenForm(text).toLowerCase();
  const found: { host: string; link: boolean }[] = [];
  for (const m of form.matchAll(ADDRESS)) {
    const host = hostOf(`http://${m[1]!}`);
    if (host) found.push({ host, link: true });
  }
  // A link goes to its host: a name in its path or query ("…/spam.example") is not where it leads.
  const rest = form.replace(ADDRESS, ' ');
  for (const m of rest.matchAll(BARE_HOST)) {
    const host = hostOf(m[1]!);
    if (!host) continue;
    const tld = host.slice(host.lastIndexOf('.') + 1);
    found.push({ host, link: m[2] === '/' || host.startsWith('www.') || LINK_TLDS.has(tld) });
  }
  return found;
}

/** Whether a post's text or link field carries a link (the new-member rule). */
export function carriesLink(text: string, links: readonly string[]): boolean {
  if (links.some((link) => link.trim() !== '')) return true;
  return hostsIn(text).some((h) => h.link);
}

/**
 * The pattern compiled for matching, or why it cannot be a filter. RE2 matches in time linear in
 * the text whatever the pattern, so no filter can stall a post; the slow-pattern check is for the
 * administrator, who learns that a pattern with nested repetition would be pathological elsewhere.
 */
export function compilePattern(pattern: string): { re: RE2JS } | Refusal {
  try {
    // Without flags first: the engine's complaint then quotes the pattern as the administrator wrote it.
    RE2JS.compile(pattern);
  } catch (error) {
    if (error instanceof RE2JSException) return { key: 'errors.filter_pattern_invalid', detail: error.message };
    throw error;
  }
  return { re: RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE) };
}

/**
 * Star height above one (`(a+)+`, `(ab*)*`): safe-regex2 reads the pattern as JavaScript does, so
 * syntax only RE2 knows (`(?i)`, `(?P<name>…)`) cannot be judged and is let through; RE2 still
 * matches it in linear time.
 */
export function isSlowPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
  } catch {
    return false;
  }
  return !safeRegex(pattern, { limit: Number.MAX_SAFE_INTEGER });
}

/** The compared form of a value, or why it is refused. */
export function normalizeFilter(kind: FilterKind, value: string): { normalized: string } | Refusal {
  if (kind === 'word') return { normalized: normalizeMuteText(value) };
  if (kind === 'link') {
    const host = hostOf(value.normalize('NFKC'));
    return host ? { normalized: host } : { key: 'errors.filter_link_invalid' };
  }
  const compiled = compilePattern(value);
  if ('key' in compiled) return compiled;
  if (isSlowPattern(value)) return { key: 'errors.filter_pattern_slow' };
  return { normalized: value };
}

/** Which filter decides a text: the first block filter that matches, else the first hold filter; null when none. */
export type Screener = (text: string, links: readonly string[]) => FilterRule | null;

/** A screener over filters of one action: words in one pass (the mute matcher), then hosts, then patterns. */
function screenerOf(rules: readonly FilterRule[]): Screener {
  const words = rules.filter((r) => r.kind === 'word');
  const wordMatch: MuteMatcher = muteMatcher(words.map((r, i) => ({ phrase: String(i), normalized: r.normalized })));
  const hosts = rules.filter((r) => r.kind === 'link');
  const patterns = rules.flatMap((r) => {
    if (r.kind !== 'pattern') return [];
    // A pattern saved before the engine changed and no longer compiling is skipped, not fatal.
    const compiled = compilePattern(r.value);
    return 're' in compiled ? [{ rule: r, re: compiled.re }] : [];
  });
  return (text, links) => {
    const whole = [text, ...links].join('\n');
    const word = wordMatch(whole)[0];
    if (word !== undefined) return words[Number(word)]!;
    if (hosts.length > 0) {
      const named = [...hostsIn(text), ...links.flatMap((l) => hostsIn(l))].map((h) => h.host);
      const hit = hosts.find((r) => named.some((h) => h === r.normalized || h.endsWith(`.${r.normalized}`)));
      if (hit) return hit;
    }
    if (patterns.length > 0) {
      const form = screenForm(whole);
      const hit = patterns.find((p) => p.re.matcher(form).find());
      if (hit) return hit.rule;
    }
    return null;
  };
}

/** Block beats hold: a text matching both is blocked. */
export function compileFilters(rules: readonly FilterRule[]): Screener {
  const block = screenerOf(rules.filter((r) => r.action === 'block'));
  const hold = screenerOf(rules.filter((r) => r.action === 'hold'));
  return (text, links) => block(text, links) ?? hold(text, links);
}
