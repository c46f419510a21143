import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  appPackageDirs,
  classifyCoreLicence,
  packageDirOf,
  repositoryUrl,
  serviceWorkerPackageDirs,
  thirdPartyNotices,
} from './third-party-notices';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

describe('third-party notices', () => {
  // Reads the real packages; a core not yet repacked by a build takes seconds to unpack.
  it('lists EmulatorJS under the GPL and each core with the licence its archive carries', () => {
    const { notices, projectLicense } = thirdPartyNotices([], []);
    expect(projectLicense).toBe('GPL-3.0-or-later');
    const byName = new Map(notices.map((n) => [n.name, n]));
    const emulator = byName.get('@emulatorjs/emulatorjs')!;
    expect(emulator).toMatchObject({ license: 'GPL-3.0', group: 'emulator', nonCommercial: false });
    expect(emulator.text).toContain('GNU GENERAL PUBLIC LICENSE');
    expect(emulator.contains).toContain('nipplejs');
    const cores = notices.filter((n) => n.group === 'core');
    expect(cores.map((n) => [n.name, n.license, n.nonCommercial])).toEqual([
      ['@emulatorjs/core-fceumm', 'GPL-2.0-only', false],
      ['@emulatorjs/core-snes9x', 'LicenseRef-Snes9x', true],
      ['@emulatorjs/core-gambatte', 'GPL-2.0-only', false],
      ['@emulatorjs/core-mgba', 'MPL-2.0', false],
      ['@emulatorjs/core-genesis_plus_gx', 'LicenseRef-Genesis-Plus-GX', true],
    ]);
    expect(byName.get('@emulatorjs/core-snes9x')!.text).toContain('non-commercial purposes');
    expect(byName.get('@emulatorjs/core-mgba')!.repository).toBe('https://github.com/EmulatorJS/mgba');
    // The emulator and its cores come first: they are the terms an operator has to act on.
    expect(notices.slice(0, 6).map((n) => n.group)).toEqual(['emulator', ...cores.map(() => 'core')]);
  }, 120_000);

  it('refuses a core licence nobody has read', () => {
    expect(() => classifyCoreLicence('newcore', 'All rights reserved.')).toThrow(/newcore/);
    expect(
      classifyCoreLicence('x', '\n\t\t    GNU GENERAL PUBLIC LICENSE\n\t\t       Version 2, June 1991'),
    ).toEqual({ license: 'GPL-2.0-only', nonCommercial: false });
  });

  it("finds a bundled module's package, scoped and nested ones included", () => {
    expect(packageDirOf('/a/node_modules/react/cjs/react.js')).toBe('/a/node_modules/react');
    expect(packageDirOf('/a/node_modules/@tanstack/query-core/build/x.js?commonjs')).toBe(
      '/a/node_modules/@tanstack/query-core',
    );
    expect(packageDirOf('/a/node_modules/x/node_modules/idb/build/index.js')).toBe(
      '/a/node_modules/x/node_modules/idb',
    );
    expect(packageDirOf('/a/apps/web/src/main.tsx')).toBeNull();
  });

  it('turns npm repository fields into web addresses', () => {
    expect(repositoryUrl('pmndrs/react-spring')).toBe('https://github.com/pmndrs/react-spring');
    expect(repositoryUrl({ url: 'git@github.com:awmleer/antd-mobile-icons.git' })).toBe(
      'https://github.com/awmleer/antd-mobile-icons',
    );
    expect(repositoryUrl({ url: 'git+https://github.com/vitejs/vite.git' })).toBe(
      'https://github.com/vitejs/vite',
    );
    expect(repositoryUrl(undefined)).toBeNull();
  });

  it("counts the bundler's own runtime helpers and skips the app's modules", () => {
    const dirs = appPackageDirs([
      '\0vite/preload-helper.js',
      `${WEB}src/main.tsx`,
      `${ROOT}node_modules/react/index.js`,
    ]);
    expect(dirs.map((d) => d.split('node_modules/').pop())).toEqual(['vite', 'react']);
  });

  it('lists the Workbox modules a service worker stamps, with what they depend on', () => {
    const outDir = mkdtempSync(join(tmpdir(), 'notices-sw-'));
    writeFileSync(join(outDir, 'sw.js'), 'importScripts("./workbox-1a2b.js");');
    writeFileSync(
      join(outDir, 'workbox-1a2b.js'),
      'try{self["workbox:core:7.4.0"]&&_()}catch(t){}try{self["workbox:expiration:7.4.0"]&&_()}catch(t){}',
    );
    writeFileSync(join(outDir, 'entry.js'), 'self["workbox:precaching:7.4.0"]');
    const dirs = serviceWorkerPackageDirs(outDir);
    const names = dirs.map((d) => d.split('node_modules/').slice(1).join('node_modules/'));
    expect(names).toContain('workbox-expiration');
    expect(names).toContain('workbox-core');
    // Workbox's expiration keeps its own idb, not the app's; other files' markers do not count.
    expect(names).toContain('workbox-expiration/node_modules/idb');
    expect(names).not.toContain('workbox-precaching');
  });
});
