import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from './main';
import { featureNames, nameProblem } from './names';
import { nextMigrationNumber, planFeature, Refused } from './plan';

const REPO = path.resolve(import.meta.dirname, '../..');
/** What the command reads and writes, what the files it writes import, and what checks them. */
const COPIED = [
  'tsconfig.base.json',
  'biome.json',
  'packages/contract',
  'apps/server/src',
  'apps/server/test',
  'apps/server/tsconfig.json',
  'apps/web/src',
  'apps/web/build',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'docs',
];
/** Compiles a copied project against the copied contract, not the repository's own. */
const CONTRACT_PATHS = {
  '@pixelhall/contract': ['../../packages/contract/src/index.ts'],
  '@pixelhall/contract/routes': ['../../packages/contract/src/routes.ts'],
  '@pixelhall/contract/host': ['../../packages/contract/src/host/index.ts'],
  '@pixelhall/contract/messages/*': ['../../packages/contract/src/messages/*'],
};
const bin = (name: string) => path.join(REPO, 'node_modules/.bin', name);

/** Runs a checker in the copy; its own report is the failure's message. */
function passes(tool: string, args: string[]): void {
  try {
    execFileSync(bin(tool), args, { cwd: scratch, stdio: 'pipe' });
  } catch (error) {
    const { stdout, stderr } = error as { stdout: Buffer; stderr: Buffer };
    throw new Error(`${tool} ${args.join(' ')}\n${stdout}${stderr}`);
  }
}

let scratch: string;
/** The files the command wrote in the copy. */
let written: string[] = [];
const read = (file: string) => readFileSync(path.join(scratch, file), 'utf8');
const command = (argv: string[]) => {
  const printed: string[] = [];
  const status = run(argv, scratch, (text) => printed.push(text));
  return { status, printed: printed.join('\n') };
};

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'pixelhall-new-feature-'));
  for (const part of COPIED) {
    cpSync(path.join(REPO, part), path.join(scratch, part), {
      recursive: true,
      filter: (from) => !/[\\/](node_modules|dist)$/.test(from),
    });
  }
  symlinkSync(path.join(REPO, 'node_modules'), path.join(scratch, 'node_modules'));
  for (const app of ['apps/server', 'apps/web']) {
    writeFileSync(
      path.join(scratch, app, 'tsconfig.check.json'),
      JSON.stringify({ extends: './tsconfig.json', compilerOptions: { paths: CONTRACT_PATHS } }),
    );
  }
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the name', () => {
  it('must be kebab-case and short', () => {
    for (const bad of [
      '',
      'Polls',
      'game_notes',
      'game--notes',
      '-polls',
      'polls-',
      '1polls',
      'a'.repeat(25),
    ])
      expect(nameProblem(bad), bad).not.toBeNull();
    expect(nameProblem('game-notes')).toBeNull();
  });

  it('gives each place its spelling', () => {
    expect(featureNames('game-notes')).toEqual({
      kebab: 'game-notes',
      camel: 'gameNotes',
      pascal: 'GameNotes',
      snake: 'game_notes',
      title: 'Game notes',
    });
  });

  it('numbers the migration one above the highest there', () => {
    expect(nextMigrationNumber(['0001_foundation.ts', '0016_upload_pictures.ts', 'index.ts'])).toBe('0017');
  });
});

describe('npm run new:feature', () => {
  const REGISTRIES = [
    'packages/contract/src/index.ts',
    'apps/server/src/services.ts',
    'apps/server/src/app.ts',
    'apps/server/src/db/migrations/index.ts',
    'apps/server/src/db/schema.ts',
    'apps/web/src/api/queries/roots.ts',
    'apps/web/src/shell/routes.tsx',
    'apps/web/src/shell/route-match.test.ts',
    'apps/web/src/i18n/locales/ja-JP.json',
    'docs/product/README.md',
  ];
  const snapshot = () => REGISTRIES.map(read);

  it('shows what it would write on a dry run, and writes nothing', () => {
    const before = snapshot();
    const { status, printed } = command(['game-notes', '--dry-run']);
    expect(status).toBe(0);
    expect(printed).toContain('would create apps/server/src/features/game-notes/repo.ts');
    expect(printed).toContain('+       gameNotesRoutes(api, services.gameNotes);');
    expect(printed).toContain('Dry run: nothing written.');
    expect(snapshot()).toEqual(before);
    expect(existsSync(path.join(scratch, 'apps/server/src/features/game-notes'))).toBe(false);
  });

  it('writes every file of the feature and registers it in every list', () => {
    const migration = `${nextMigrationNumber(readdirSync(path.join(scratch, 'apps/server/src/db/migrations')))}_game_notes`;
    written = planFeature(scratch, 'game-notes').writes.map((w) => w.path);
    const { status, printed } = command(['game-notes']);
    expect(status).toBe(0);
    for (const file of [
      'packages/contract/src/api/game-notes.ts',
      'apps/server/src/features/game-notes/routes.ts',
      'apps/server/src/features/game-notes/service.ts',
      'apps/server/src/features/game-notes/repo.ts',
      `apps/server/src/db/migrations/${migration}.ts`,
      'apps/server/test/game-notes.test.ts',
      'apps/web/src/api/queries/game-notes.ts',
      'apps/web/src/screens/game-notes/GameNotesScreen.tsx',
      // Joined, so the docs-pointer check does not read the page the command writes as a pointer.
      ['docs', 'product', 'game-notes.md'].join('/'),
    ])
      expect(existsSync(path.join(scratch, file)), file).toBe(true);

    expect(read('packages/contract/src/index.ts')).toMatch(
      /export \* from '\.\/api\/game-notes';[\s\S]*import \{ gameNotesEndpoints \} from '\.\/api\/game-notes';[\s\S]*gameNotes: gameNotesEndpoints,\n\} as const;/,
    );
    expect(read('apps/server/src/services.ts')).toContain('    gameNotes: gameNotesService({ db }),\n  };');
    expect(read('apps/server/src/app.ts')).toMatch(
      /gameNotesRoutes\(api, services\.gameNotes\);\n {4}\},\n {4}\{ prefix: '\/api' \}/,
    );
    expect(read('apps/server/src/db/migrations/index.ts')).toContain(
      `  ['${migration}', m${migration.slice(0, 4)}gameNotes.up],\n];`,
    );
    expect(read('apps/server/src/db/schema.ts')).toMatch(
      / {2}game_notes: GameNotesTable;\n\}[\s\S]*export interface GameNotesTable \{/,
    );
    expect(read('apps/web/src/api/queries/roots.ts')).toContain("  'game-notes': 'member',");
    expect(read('apps/web/src/shell/routes.tsx')).toMatch(
      /path: '\/game-notes',\n {4}login: true,[\s\S]*\n {2}\{ name: 'not-found', path: '\*'/,
    );
    expect(read('apps/web/src/shell/route-match.test.ts')).toMatch(
      /const ADDED_OTHER: string\[\] = \[[^\]]*'\/game-notes'/,
    );
    for (const locale of ['en-US', 'es-ES', 'ja-JP', 'ko-KR', 'pt-BR', 'pt-PT']) {
      const catalog = JSON.parse(read(`apps/web/src/i18n/locales/${locale}.json`));
      expect(catalog.gameNotes, locale).toEqual({ title: 'Game notes', empty: 'No game notes yet.' });
    }
    expect(read('docs/product/README.md')).toContain('| [Game notes](game-notes.md) |');
    expect(read('docs/product/app-shell-and-settings.md')).toContain(
      '| game-notes | `/game-notes` | members only |',
    );
    expect(printed).toMatch(
      /Next, by hand[\s\S]*Translate the "gameNotes" strings in es-ES, ja-JP, ko-KR, pt-BR, pt-PT/,
    );
  });

  it('refuses to run twice, says what exists, and writes nothing', () => {
    const before = snapshot();
    const { status, printed } = command(['game-notes']);
    expect(status).toBe(1);
    expect(printed).toContain('nothing written');
    expect(printed).toContain('apps/server/src/features/game-notes exists');
    expect(printed).toContain('endpoints has a group gameNotes');
    expect(snapshot()).toEqual(before);
  });

  it('refuses a name a registry already holds though no file of it exists', () => {
    expect(() => planFeature(scratch, 'tabs')).toThrow(Refused);
    expect(() => planFeature(scratch, 'tabs')).toThrow(
      'apps/web/src/i18n/locales/en-US.json has a group tabs',
    );
    expect(command(['Game-Notes']).status).toBe(1);
    expect(command([]).status).toBe(2);
  });

  it('writes files the linter and formatter pass as they are', () => {
    const code = written.filter((file) => /\.(ts|tsx|json)$/.test(file));
    expect(code.length).toBeGreaterThan(REGISTRIES.length);
    passes('biome', ['check', '--vcs-enabled=false', ...code]);
  });

  it('writes nothing when a registry no longer has the line it adds beside', () => {
    const file = 'apps/web/src/shell/routes.tsx';
    const kept = read(file);
    writeFileSync(
      path.join(scratch, file),
      kept.replace("{ name: 'not-found', path: '*'", "{ path: '*', name: 'not-found'"),
    );
    try {
      const { status, printed } = command(['quests']);
      expect(status).toBe(1);
      expect(printed).toContain(`cannot tell where to register the feature, nothing written:\n  - ${file}`);
      expect(existsSync(path.join(scratch, 'apps/server/src/features/quests'))).toBe(false);
      expect(read('packages/contract/src/index.ts')).not.toContain('quests');
    } finally {
      writeFileSync(path.join(scratch, file), kept);
    }
  });

  it('leaves the server and the web app compiling', { timeout: 300_000 }, () => {
    for (const app of ['apps/server', 'apps/web'])
      passes('tsc', ['-p', path.join(app, 'tsconfig.check.json')]);
  });
});
