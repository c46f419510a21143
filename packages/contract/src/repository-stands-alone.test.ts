import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository must explain itself: comments and docs point to `docs/`, never to a document
 * someone who clones the repository does not have. The product's rules are in docs/product/
 * (docs/product/README.md), and pointers into it must land on a real page and heading.
 *
 * It lives in the contract project because that project runs first and needs no set-up; it reads
 * every file git tracks, whichever package it belongs to.
 */

const SECTION = '\u00a7';
const root = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: import.meta.dirname })
  .toString()
  .trim();

interface TrackedFile {
  file: string;
  lines: string[];
}

function trackedTextFiles(): TrackedFile[] {
  const names = execFileSync('git', ['ls-files', '-z'], { cwd: root, maxBuffer: 64 * 1024 * 1024 })
    .toString()
    .split('\0')
    .filter(Boolean);
  const files: TrackedFile[] = [];
  for (const file of names) {
    const full = path.join(root, file);
    // A file moved or deleted in the working tree and not yet committed; a symbolic link.
    if (!existsSync(full) || !lstatSync(full).isFile()) continue;
    const bytes = readFileSync(full);
    if (bytes.includes(0)) continue; // binary
    files.push({ file, lines: bytes.toString('utf8').split('\n') });
  }
  return files;
}

const thisFile = path.relative(root, import.meta.filename);
/** Every tracked text file but this one, which has to name what it looks for. */
const files = trackedTextFiles().filter((f) => f.file !== thisFile);

/** Public standards may be cited by section; nothing else may. */
const PUBLIC_STANDARD_BEFORE_SECTION = /(?:RFC \d{3,5}|OpenID Discovery|OpenID Connect Discovery) $/;

const OUTSIDE_DOCUMENTS: { pattern: RegExp; why: string }[] = [
  {
    pattern: new RegExp(`\\bspec\\s*${SECTION}`, 'i'),
    why: 'cites a section of a document outside the repository',
  },
  {
    pattern: new RegExp(`\\b(?:${['SPEC', 'DESIGN', 'STYLE'].join('|')})\\.md\\b`),
    why: 'names a document outside the repository',
  },
  { pattern: /\bshared\/spec\b|\/work\/shared\b/, why: 'links outside the repository' },
  {
    // "Spec:" only capitalised: `spec:` is an ordinary property name.
    pattern: /\bthe spec\b|\bspec's\b|\bspec ["(]|(?<![\w.])Spec:/,
    why: 'refers to "the spec", which is not in the repository',
  },
];

/**
 * A relative link that climbs out of the repository from the file it is written in: a Markdown
 * link, or a path to a `shared` folder (where the documents outside live). Import globs in
 * configuration are relative to other files, so other paths are left alone.
 */
function leavesRepository(file: string, line: string): boolean {
  const relatives = file.endsWith('.md') ? /\]\(((?:\.\.\/)+[^)\s]*)/g : /((?:\.\.\/)+shared\b)/g;
  for (const [, relative = ''] of line.matchAll(relatives)) {
    const target = path.resolve(root, path.dirname(file), relative);
    if (path.relative(root, target).startsWith('..')) return true;
  }
  return false;
}

function sectionSignsOutsideStandards(line: string): boolean {
  let at = line.indexOf(SECTION);
  while (at !== -1) {
    if (!PUBLIC_STANDARD_BEFORE_SECTION.test(line.slice(0, at))) return true;
    at = line.indexOf(SECTION, at + 1);
  }
  return false;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as dashes, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

const productDir = path.join(root, 'docs/product');
const anchorCache = new Map<string, Set<string> | null>();
function anchorsOfPage(page: string): Set<string> | null {
  if (!anchorCache.has(page)) {
    const full = path.join(productDir, page);
    anchorCache.set(page, existsSync(full) ? anchorsOf(readFileSync(full, 'utf8')) : null);
  }
  return anchorCache.get(page) ?? null;
}

function brokenPointer(page: string, anchor: string | undefined): string | null {
  const anchors = anchorsOfPage(page);
  if (!anchors) return `docs/product/${page} does not exist`;
  if (anchor && !anchors.has(anchor)) return `docs/product/${page} has no heading #${anchor}`;
  return null;
}

/** Headings of any Markdown file, by its absolute path; null when there is no such file. */
const anchorsByFile = new Map<string, Set<string> | null>();
function brokenTarget(full: string, anchor: string | undefined): string | null {
  if (!anchorsByFile.has(full)) {
    const exists = existsSync(full) && lstatSync(full).isFile();
    anchorsByFile.set(full, exists ? anchorsOf(readFileSync(full, 'utf8')) : null);
  }
  const anchors = anchorsByFile.get(full);
  const name = path.relative(root, full);
  if (!anchors) return `${name} does not exist`;
  if (anchor && !anchors.has(anchor)) return `${name} has no heading #${anchor}`;
  return null;
}

describe('the repository stands alone', () => {
  it('reads the tracked files', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.file === 'docs/product/README.md')).toBe(true);
  });

  it('cites no document outside the repository', () => {
    const found: string[] = [];
    for (const { file, lines } of files) {
      lines.forEach((line, i) => {
        const why =
          OUTSIDE_DOCUMENTS.find(({ pattern }) => pattern.test(line))?.why ??
          (sectionSignsOutsideStandards(line)
            ? `cites a section (${SECTION}) of what is not a public standard`
            : null) ??
          (leavesRepository(file, line) ? 'links outside the repository' : null);
        if (why) found.push(`${file}:${i + 1} ${why}: ${line.trim()}`);
      });
    }
    expect(found, 'point to the page of docs/product/ that describes the rule instead').toEqual([]);
  });

  it('points only to pages and headings of docs/product that exist', () => {
    const broken: string[] = [];
    const pointer = /docs\/product\/([\w-]+\.md)(?:#([\w-]+))?/g;
    // Markdown elsewhere links relatively, e.g. docs/architecture.md to product/bets.md#settlement.
    const markdownLink = /\]\(([\w./-]+\.md)(?:#([\w-]+))?\)/g;
    for (const { file, lines } of files) {
      lines.forEach((line, i) => {
        for (const [, page, anchor] of line.matchAll(pointer)) {
          const problem = brokenPointer(page!, anchor);
          if (problem) broken.push(`${file}:${i + 1} ${problem}`);
        }
        if (!file.endsWith('.md')) return;
        for (const [, target = '', anchor] of line.matchAll(markdownLink)) {
          const resolved = path.resolve(root, path.dirname(file), target);
          if (path.dirname(resolved) !== productDir) continue;
          const problem = brokenPointer(path.basename(resolved), anchor);
          if (problem) broken.push(`${file}:${i + 1} ${problem}`);
        }
      });
    }
    expect(broken).toEqual([]);
  });

  it('points only to pages and headings of docs/ that exist', () => {
    const broken: string[] = [];
    // `docs/internals/health.md#unreachable-engines` in a comment, a doc or a message.
    const pointer = /(?<![\w./-])docs\/([\w/-]+\.md)(?:#([\w-]+))?/g;
    for (const { file, lines } of files) {
      lines.forEach((line, i) => {
        for (const [, page = '', anchor] of line.matchAll(pointer)) {
          const problem = brokenTarget(path.join(root, 'docs', page), anchor);
          if (problem) broken.push(`${file}:${i + 1} ${problem}`);
        }
      });
    }
    expect(broken).toEqual([]);
  });

  it('links its Markdown files to pages and headings that exist', () => {
    const broken: string[] = [];
    const link = /\]\((?!https?:|mailto:)([\w./-]*\.md)?(?:#([\w-]+))?\)/g;
    for (const { file, lines } of files) {
      if (!file.endsWith('.md')) continue;
      let fenced = false;
      lines.forEach((line, i) => {
        if (line.startsWith('```')) fenced = !fenced;
        if (fenced) return;
        for (const [, page, anchor] of line.matchAll(link)) {
          if (!page && !anchor) continue;
          const target = page ? path.resolve(root, path.dirname(file), page) : path.join(root, file);
          const problem = brokenTarget(target, anchor);
          if (problem) broken.push(`${file}:${i + 1} ${problem}`);
        }
      });
    }
    expect(broken).toEqual([]);
  });

  it('links its product pages to each other correctly', () => {
    const broken: string[] = [];
    const link = /\]\((?!https?:|mailto:)([\w-]*\.md)?(?:#([\w-]+))?\)/g;
    const pages = readdirSync(productDir).filter((name) => name.endsWith('.md'));
    expect(pages.length).toBeGreaterThan(10);
    for (const self of pages) {
      const file = `docs/product/${self}`;
      readFileSync(path.join(productDir, self), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [, page, anchor] of line.matchAll(link)) {
            const problem = brokenPointer(page ?? self, anchor);
            if (problem) broken.push(`${file}:${i + 1} ${problem}`);
          }
        });
    }
    expect(broken).toEqual([]);
  });

  it('computes anchors as GitHub does', () => {
    expect([
      ...anchorsOf('# Limits and errors\n## Not enough gold\n## Calls and the host\n## Notes\n## Notes'),
    ]).toEqual(['limits-and-errors', 'not-enough-gold', 'calls-and-the-host', 'notes', 'notes-1']);
    expect(anchorsOf('## Check-in and online time').has('check-in-and-online-time')).toBe(true);
    expect(
      anchorsOf('## Economy: gold, diamonds and the ledger').has('economy-gold-diamonds-and-the-ledger'),
    ).toBe(true);
  });
});
