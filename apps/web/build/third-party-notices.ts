import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import type { Plugin } from 'vite';
import {
  type NoticeGroup,
  THIRD_PARTY_NOTICES_FILE,
  type ThirdPartyNotice,
  type ThirdPartyNotices,
} from '../src/screens/licences/notice-file';
import { EMULATOR_CORES } from './emulatorjs';
import { storedCore } from './stored-core';

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
const ROOT_DIR = join(WEB_DIR, '..', '..');
// The cache build/emulatorjs.ts keeps its repacked cores in: reading a core's licence reuses them.
const CORE_CACHE = join(WEB_DIR, 'node_modules', '.cache', 'pixelhall-stored-cores');

interface PackageJson {
  name: string;
  version: string;
  license?: string | { type: string };
  licenses?: { type: string }[];
  repository?: string | { url: string };
  dependencies?: Record<string, string>;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;

/** Node's lookup: `node_modules/<name>` beside `from` or in any folder above it. */
export function findPackageDir(from: string, name: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) throw new Error(`third-party notices: cannot find ${name} from ${from}`);
  }
}

/** The package a bundled module comes from: the folder after its last `node_modules`. */
export function packageDirOf(moduleId: string): string | null {
  const path = moduleId.split('?')[0]!;
  const marker = `${sep}node_modules${sep}`;
  const at = path.lastIndexOf(marker);
  if (at < 0) return null;
  const rest = path.slice(at + marker.length).split(sep);
  const length = rest[0]?.startsWith('@') ? 2 : 1;
  return path.slice(0, at + marker.length) + rest.slice(0, length).join(sep);
}

/**
 * Code the bundler writes into the output itself, from its own packages rather than a module
 * of ours: Vite's preload helpers, Rolldown's runtime, vite-plugin-pwa's registration module.
 */
const TOOL_MODULES: [RegExp, string][] = [
  [/^\0vite\//, 'vite'],
  [/^\0rolldown\//, 'rolldown'],
  [/^\/@vite-plugin-pwa\//, 'vite-plugin-pwa'],
];

const LICENCE_FILE = /^(licen[cs]e|copying)(\.(md|txt|markdown))?$/i;
// Vite's licence file goes on to list the packages its build tooling bundles: those run in the
// build, not in the browser, and are most of the file.
const TOOLING_LICENCES = /\n# Licenses of bundled dependencies[\s\S]*$/;

export function repositoryUrl(repository: PackageJson['repository']): string | null {
  const url = typeof repository === 'string' ? repository : repository?.url;
  if (!url) return null;
  // npm's shorthands: `owner/name` and `github:owner/name` are GitHub, as are SSH addresses.
  return url
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/^(ssh:\/\/)?git@github\.com[:/]/, 'https://github.com/')
    .replace(/^github:/, 'https://github.com/')
    .replace(/^([\w.-]+\/[\w.-]+)$/, 'https://github.com/$1')
    .replace(/\.git$/, '');
}

function declaredLicence(pkg: PackageJson): string {
  if (typeof pkg.license === 'string') return pkg.license;
  if (pkg.license?.type) return pkg.license.type;
  if (pkg.licenses?.length) return pkg.licenses.map((l) => l.type).join(' OR ');
  throw new Error(`third-party notices: ${pkg.name} declares no licence`);
}

/** An npm package's notice: its declared licence and the licence file it ships, if any. */
export function npmNotice(dir: string, group: NoticeGroup, contains: string[] = []): ThirdPartyNotice {
  const pkg = readJson<PackageJson>(join(dir, 'package.json'));
  const files = readdirSync(dir)
    .filter((file) => LICENCE_FILE.test(file))
    .sort();
  const text = files.map((file) => readFileSync(join(dir, file), 'utf8').replace(TOOLING_LICENCES, '\n'));
  return {
    name: pkg.name,
    version: pkg.version,
    license: declaredLicence(pkg),
    group,
    nonCommercial: false,
    npm: `${pkg.name}@${pkg.version}`,
    repository: repositoryUrl(pkg.repository),
    contains,
    text: text.length > 0 ? text.join('\n\n').trim() : null,
  };
}

/**
 * The terms a core's licence file states. The core packages name a file in their `license` field
 * instead of a licence, and keep that file inside the 7-Zip archive, so the text itself is read.
 * A core with a licence not listed here stops the build: someone has to read it first.
 */
const CORE_LICENCES: { test: RegExp; license: string; nonCommercial: boolean }[] = [
  // The archives carry the GPL v2 text and nothing granting later versions: version 2 only.
  {
    test: /^\s*GNU GENERAL PUBLIC LICENSE\s+Version 2, June 1991/,
    license: 'GPL-2.0-only',
    nonCommercial: false,
  },
  { test: /^\s*Mozilla Public License Version 2\.0/, license: 'MPL-2.0', nonCommercial: false },
  {
    test: /Snes9x is freeware for PERSONAL USE only/,
    license: 'LicenseRef-Snes9x',
    nonCommercial: true,
  },
  {
    test: /Redistributions may not be sold, nor may they be used in a commercial\s+product or activity/,
    license: 'LicenseRef-Genesis-Plus-GX',
    nonCommercial: true,
  },
];

export function classifyCoreLicence(core: string, text: string): { license: string; nonCommercial: boolean } {
  const known = CORE_LICENCES.find((entry) => entry.test.test(text));
  if (!known) throw new Error(`third-party notices: the licence of core ${core} is not one we have read`);
  return { license: known.license, nonCommercial: known.nonCommercial };
}

/** A core's notice, its licence read from `license.txt` in the build EmulatorJS loads. */
export function coreNotice(core: string): ThirdPartyNotice {
  const dir = findPackageDir(WEB_DIR, `@emulatorjs/core-${core}`);
  const pkg = readJson<PackageJson>(join(dir, 'package.json'));
  const extract7z = readFileSync(
    join(findPackageDir(WEB_DIR, '@emulatorjs/emulatorjs'), 'data', 'compression', 'extract7z.js'),
    'utf8',
  );
  const archive = readFileSync(join(dir, `${core}-legacy-wasm.data`));
  const files = unzipSync(storedCore(archive, extract7z, CORE_CACHE).zip);
  const licence = files['license.txt'];
  if (!licence) throw new Error(`third-party notices: core ${core} carries no license.txt`);
  const text = strFromU8(licence).trim();
  const meta = files['core.json'] ? (JSON.parse(strFromU8(files['core.json'])) as { repo?: string }) : {};
  return {
    name: pkg.name,
    version: pkg.version,
    ...classifyCoreLicence(core, text),
    group: 'core',
    npm: `${pkg.name}@${pkg.version}`,
    repository: meta.repo ?? repositoryUrl(pkg.repository),
    // The core's JavaScript and WebAssembly are built with RetroArch's frontend around it.
    contains: ['RetroArch'],
    text,
  };
}

/**
 * What build/emulatorjs.ts copies from EmulatorJS besides its own code: the touch joystick, the
 * decompressors (its data/compression/README.md names libunrar's origin) and an icon whose
 * licence comment sits in emulator.js.
 */
const EMULATORJS_CONTAINS = [
  'nipplejs',
  'libunrar.js (RARLab UnRAR)',
  'extract7z.js',
  'extractzip.js',
  'Font Awesome Free 6.5.1',
];

/**
 * The Workbox modules a generated service worker holds: each stamps `workbox:<module>:<version>`
 * into the output, and its dependencies (Workbox's expiration brings idb) come with it.
 */
export function serviceWorkerPackageDirs(outDir: string): string[] {
  const runtime = readdirSync(outDir).filter((file) => /^(sw|workbox-[\w-]+)\.js$/.test(file));
  const modules = new Set<string>();
  for (const file of runtime) {
    for (const [, name] of readFileSync(join(outDir, file), 'utf8').matchAll(/workbox:([a-z-]+):\d/g))
      modules.add(`workbox-${name}`);
  }
  if (modules.size === 0) return [];
  const workboxBuild = findPackageDir(findPackageDir(WEB_DIR, 'vite-plugin-pwa'), 'workbox-build');
  const dirs = new Set<string>();
  const visit = (dir: string) => {
    if (dirs.has(dir)) return;
    dirs.add(dir);
    const pkg = readJson<PackageJson>(join(dir, 'package.json'));
    for (const dependency of Object.keys(pkg.dependencies ?? {})) visit(findPackageDir(dir, dependency));
  };
  for (const name of modules) visit(findPackageDir(workboxBuild, name));
  return [...dirs];
}

/** The app's bundled packages (one folder per package) from the modules the output holds. */
export function appPackageDirs(moduleIds: Iterable<string>): string[] {
  const dirs = new Set<string>();
  for (const id of moduleIds) {
    const tool = TOOL_MODULES.find(([pattern]) => pattern.test(id));
    if (tool) dirs.add(findPackageDir(WEB_DIR, tool[1]));
    const dir = packageDirOf(id);
    if (dir) dirs.add(dir);
  }
  return [...dirs];
}

const GROUP_ORDER: NoticeGroup[] = ['emulator', 'core', 'app', 'service-worker'];

/** Everything the build hands to browsers, the emulator and cores first, then by name. */
export function thirdPartyNotices(appDirs: string[], serviceWorkerDirs: string[]): ThirdPartyNotices {
  const notices = new Map<string, ThirdPartyNotice>();
  const add = (notice: ThirdPartyNotice) => {
    // The workspace's own packages are Pixelhall, under the project's licence.
    if (notice.name.startsWith('@pixelhall/')) return;
    const key = `${notice.name}@${notice.version}`;
    if (!notices.has(key)) notices.set(key, notice);
  };
  add(npmNotice(findPackageDir(WEB_DIR, '@emulatorjs/emulatorjs'), 'emulator', EMULATORJS_CONTAINS));
  for (const core of EMULATOR_CORES) add(coreNotice(core));
  for (const dir of appDirs) add(npmNotice(dir, 'app'));
  for (const dir of serviceWorkerDirs) add(npmNotice(dir, 'service-worker'));
  const sorted = [...notices.values()].sort(
    (a, b) =>
      GROUP_ORDER.indexOf(a.group) - GROUP_ORDER.indexOf(b.group) ||
      (a.group === 'core' ? 0 : a.name.localeCompare(b.name)),
  );
  const project = readJson<PackageJson>(join(ROOT_DIR, 'package.json'));
  return { projectLicense: declaredLicence(project), notices: sorted };
}

/** A stylesheet has no rendered JavaScript but still ships, in the CSS files. */
const STYLESHEET = /\.(css|less)(\?|$)/;

/**
 * Writes `third-party-notices.json` beside index.html: every package whose code the bundles,
 * the service worker and `emulator/` hold, with its licence text, for the licences screen.
 */
export function thirdPartyNoticesFile(): Plugin {
  let outDir = 'dist';
  const shipped = new Set<string>();
  return {
    name: 'pixelhall:third-party-notices',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(chunk.modules))
          if (module.renderedLength > 0 || STYLESHEET.test(id)) shipped.add(id);
      }
    },
    // After the service worker is written (its plugin writes it in closeBundle) and before
    // build/precompress.ts compresses the output.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler(error) {
        // A failed build has no complete output to list.
        if (error) return;
        const notices = thirdPartyNotices(appPackageDirs(shipped), serviceWorkerPackageDirs(outDir));
        writeFileSync(join(outDir, THIRD_PARTY_NOTICES_FILE), JSON.stringify(notices));
        this.info(`${notices.notices.length} third-party notices`);
      },
    },
  };
}
