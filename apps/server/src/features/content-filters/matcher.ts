import {
  type FilterAction,
  type FilterKind,
  type MuteMatcher,
  muteMatcher,
  normalizeMuteText,
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
const BARE_HOST =
  /(?<![a-z0-9@._-])((?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(?![a-z0-9_-])(\/)?/gu;
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
    if (error instanceof RE2JSException)
      return { key: 'errors.filter_pattern_invalid', detail: error.message };
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

/** What a text is read as, each form made once per screening and only when a filter needs it. */
interface Subject {
  /** The text and the links, one per line. */
  whole: string;
  form(): string;
  hosts(): readonly string[];
}

function subjectOf(text: string, links: readonly string[]): Subject {
  const whole = [text, ...links].join('\n');
  let form: string | undefined;
  let hosts: string[] | undefined;
  return {
    whole,
    form: () => (form ??= screenForm(whole)),
    hosts: () => (hosts ??= [...hostsIn(text), ...links.flatMap((l) => hostsIn(l))].map((h) => h.host)),
  };
}

/** The host itself and every parent domain of it: a.spam.example, spam.example, example. */
function domainsOf(host: string): string[] {
  const labels = host.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}

/**
 * The patterns as one expression, `(?:a)|(?:b)|…`: RE2 answers whether any matches in one pass
 * over the text however many there are, and only a text that matches is tried pattern by pattern.
 * Patterns that cannot stand side by side (two groups of one name) are tried one by one.
 */
function patternMatcher(patterns: readonly { rule: FilterRule; re: RE2JS }[]) {
  if (patterns.length === 0) return () => null;
  let any: RE2JS | null = null;
  if (patterns.length > 1) {
    try {
      any = RE2JS.compile(patterns.map((p) => `(?:${p.rule.value})`).join('|'), RE2JS.CASE_INSENSITIVE);
    } catch (error) {
      if (!(error instanceof RE2JSException)) throw error;
    }
  }
  return (form: string): FilterRule | null => {
    if (any && !any.matcher(form).find()) return null;
    return patterns.find((p) => p.re.matcher(form).find())?.rule ?? null;
  };
}

/** A screener over filters of one action: words in one pass (the mute matcher), then hosts, then patterns. */
function screenerOf(rules: readonly FilterRule[]): (subject: Subject) => FilterRule | null {
  const words = rules.filter((r) => r.kind === 'word');
  const wordMatch: MuteMatcher = muteMatcher(
    words.map((r, i) => ({ phrase: String(i), normalized: r.normalized })),
  );
  const hosts = new Map(rules.filter((r) => r.kind === 'link').map((r) => [r.normalized, r]));
  const patterns = patternMatcher(
    rules.flatMap((r) => {
      if (r.kind !== 'pattern') return [];
      // A pattern saved before the engine changed and no longer compiling is skipped, not fatal.
      const compiled = compilePattern(r.value);
      return 're' in compiled ? [{ rule: r, re: compiled.re }] : [];
    }),
  );
  const anyPattern = rules.some((r) => r.kind === 'pattern');
  return (subject) => {
    const word = wordMatch(subject.whole)[0];
    if (word !== undefined) return words[Number(word)]!;
    if (hosts.size > 0) {
      for (const host of subject.hosts()) {
        for (const domain of domainsOf(host)) {
          const hit = hosts.get(domain);
          if (hit) return hit;
        }
      }
    }
    return anyPattern ? patterns(subject.form()) : null;
  };
}

/** Block beats hold: a text matching both is blocked. */
export function compileFilters(rules: readonly FilterRule[]): Screener {
  const block = screenerOf(rules.filter((r) => r.action === 'block'));
  const hold = screenerOf(rules.filter((r) => r.action === 'hold'));
  return (text, links) => {
    const subject = subjectOf(text, links);
    return block(subject) ?? hold(subject);
  };
}
