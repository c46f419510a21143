import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  addCatalogGroup,
  addToStringArray,
  type Edited,
  insertAfterLast,
  insertBefore,
  insertSorted,
} from './edits';
import { type FeatureNames, featureNames, nameProblem } from './names';
import * as make from './templates';

export const LOCALES = ['en-US', 'es-ES', 'ja-JP', 'ko-KR', 'pt-BR', 'pt-PT'] as const;

const P = {
  contractApi: 'packages/contract/src/api',
  contractIndex: 'packages/contract/src/index.ts',
  sharedCatalog: 'packages/contract/src/messages/en-US.json',
  features: 'apps/server/src/features',
  services: 'apps/server/src/services.ts',
  app: 'apps/server/src/app.ts',
  migrations: 'apps/server/src/db/migrations',
  schema: 'apps/server/src/db/schema.ts',
  serverTests: 'apps/server/test',
  queries: 'apps/web/src/api/queries',
  roots: 'apps/web/src/api/queries/roots.ts',
  screens: 'apps/web/src/screens',
  appRoutes: 'apps/web/src/shell/routes.tsx',
  routesTest: 'apps/web/src/shell/route-match.test.ts',
  locales: 'apps/web/src/i18n/locales',
  product: 'docs/product',
  productIndex: 'docs/product/README.md',
  routesPage: 'docs/product/app-shell-and-settings.md',
} as const;

/** One file the command writes: a new one, or an edit of a registry. */
export interface Write {
  path: string;
  content: string;
  kind: 'create' | 'edit';
  /** For an edit, the lines it adds. */
  added: string[];
}

export interface Plan {
  names: FeatureNames;
  migration: string;
  writes: Write[];
}

/** The command refuses: the name is not usable, or something of the feature exists already. */
export class Refused extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** The next migration's number: one above the highest in the folder, four digits. */
export function nextMigrationNumber(files: string[]): string {
  const numbers = files.flatMap((f) => /^(\d{4})_.+\.ts$/.exec(f)?.[1] ?? []).map(Number);
  return String(Math.max(0, ...numbers) + 1).padStart(4, '0');
}

const quoteKey = (key: string) => (/^[a-z][a-zA-Z0-9]*$/.test(key) ? key : `'${key}'`);

/** Everything `npm run new:feature <name>` writes under `root`, or why it refuses. Reads only. */
export function planFeature(root: string, name: string): Plan {
  const problem = nameProblem(name);
  if (problem) throw new Refused([problem]);
  const n = featureNames(name);
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
  const migrationFiles = readdirSync(path.join(root, P.migrations));
  const number = nextMigrationNumber(migrationFiles);
  const migration = `${number}_${n.snake}`;

  const created: Array<[file: string, content: string]> = [
    [`${P.contractApi}/${n.kebab}.ts`, make.contractFile(n)],
    [`${P.features}/${n.kebab}/routes.ts`, make.routesFile(n)],
    [`${P.features}/${n.kebab}/service.ts`, make.serviceFile(n)],
    [`${P.features}/${n.kebab}/repo.ts`, make.repoFile(n)],
    [`${P.migrations}/${migration}.ts`, make.migrationFile(n)],
    [`${P.serverTests}/${n.kebab}.test.ts`, make.serverTestFile(n)],
    [`${P.queries}/${n.kebab}.ts`, make.queriesFile(n)],
    [`${P.screens}/${n.kebab}/${n.pascal}Screen.tsx`, make.screenFile(n)],
    [`${P.product}/${n.kebab}.md`, make.productPage(n)],
  ];

  const problems = [
    ...[`${P.features}/${n.kebab}`, `${P.screens}/${n.kebab}`, ...created.map(([file]) => file)]
      .filter((file) => existsSync(path.join(root, file)))
      .map((file) => `${file} exists`),
    ...clashes(root, n, migrationFiles, read),
  ];
  if (problems.length > 0) throw new Refused(problems);

  const edits: Array<[file: string, edit: (source: string) => Edited]> = [
    [
      P.contractIndex,
      (s) =>
        chain(
          s,
          (x) =>
            insertSorted(
              P.contractIndex,
              x,
              /^export \* from '(\.\/api\/[^']+)';$/,
              `export * from './api/${n.kebab}';`,
            ),
          (x) =>
            insertSorted(
              P.contractIndex,
              x,
              /^import \{ \w+Endpoints \} from '(\.\/api\/[^']+)';$/,
              `import { ${n.camel}Endpoints } from './api/${n.kebab}';`,
            ),
          (x) =>
            insertBefore(
              P.contractIndex,
              x,
              '} as const;',
              `  ${n.camel}: ${n.camel}Endpoints,\n`,
              'export const endpoints = {',
            ),
        ),
    ],
    [
      P.services,
      (s) =>
        chain(
          s,
          (x) =>
            insertSorted(
              P.services,
              x,
              /^import .* from '(\.\/features\/[^']+)';$/,
              `import { ${n.camel}Service } from './features/${n.kebab}/service';`,
            ),
          (x) =>
            insertBefore(
              P.services,
              x,
              '  };\n}\nexport type Services',
              `    ${n.camel}: ${n.camel}Service({ db }),\n`,
            ),
        ),
    ],
    [
      P.app,
      (s) =>
        chain(
          s,
          (x) =>
            insertSorted(
              P.app,
              x,
              /^import .* from '(\.\/features\/[^']+)';$/,
              `import { ${n.camel}Routes } from './features/${n.kebab}/routes';`,
            ),
          // The main API's plugin: the example endpoint's base is `api`.
          (x) =>
            insertBefore(
              P.app,
              x,
              "    },\n    { prefix: '/api' },",
              `      ${n.camel}Routes(api, services.${n.camel});\n`,
            ),
        ),
    ],
    [
      `${P.migrations}/index.ts`,
      (s) =>
        chain(
          s,
          (x) =>
            insertAfterLast(
              `${P.migrations}/index.ts`,
              x,
              /^import \* as m\d{4}\w* from '\.\/\d{4}_\w+';$/,
              `import * as m${number}${n.camel} from './${migration}';`,
            ),
          (x) =>
            insertBefore(
              `${P.migrations}/index.ts`,
              x,
              '\n];\n',
              `\n  ['${migration}', m${number}${n.camel}.up],`,
              'export const MIGRATIONS',
            ),
        ),
    ],
    [
      P.schema,
      (s) =>
        chain(
          s,
          (x) =>
            insertBefore(P.schema, x, '}\n', `  ${n.snake}: ${n.pascal}Table;\n`, 'export interface DB {'),
          (x) => ({ content: x + make.schemaTable(n), added: [`export interface ${n.pascal}Table`] }),
        ),
    ],
    [
      P.roots,
      (s) => insertAfterLast(P.roots, s, /^ {2}[\w'-]+: 'member',$/, `  ${quoteKey(n.kebab)}: 'member',`),
    ],
    [
      P.appRoutes,
      (s) =>
        insertBefore(
          P.appRoutes,
          s,
          "  { name: 'not-found', path: '*', screen: NotFoundScreen },",
          `  {\n    name: '${n.kebab}',\n    path: '/${n.kebab}',\n    login: true,\n    screen: lazy(() => import('../screens/${n.kebab}/${n.pascal}Screen')),\n  },\n`,
        ),
    ],
    [P.routesTest, (s) => addToStringArray(P.routesTest, s, 'ADDED_OTHER', `/${n.kebab}`)],
    ...LOCALES.map((locale): [string, (source: string) => Edited] => [
      `${P.locales}/${locale}.json`,
      (s) => addCatalogGroup(s, n.camel, make.appStrings(n)),
    ]),
    [
      P.productIndex,
      (s) =>
        insertAfterLast(
          P.productIndex,
          s,
          /^\| \[.+\]\(.+\.md\) \|/,
          `| [${n.title}](${n.kebab}.md) | the \`${n.kebab}/list\` list, its rules, limits and messages |`,
        ),
    ],
    [
      P.routesPage,
      (s) =>
        insertBefore(
          P.routesPage,
          s,
          '| not-found | anything else | the catch-all |',
          `| ${n.kebab} | \`/${n.kebab}\` | members only |\n`,
        ),
    ],
  ];

  const writes: Write[] = [
    ...created.map(([file, content]): Write => ({ path: file, content, kind: 'create', added: [] })),
    ...edits.map(([file, edit]): Write => {
      const { content, added } = edit(read(file));
      return { path: file, content, kind: 'edit', added };
    }),
  ];
  return { names: n, migration, writes };
}

function chain(source: string, ...steps: Array<(s: string) => Edited>): Edited {
  return steps.reduce<Edited>(
    (done, step) => {
      const next = step(done.content);
      return { content: next.content, added: [...done.added, ...next.added] };
    },
    { content: source, added: [] },
  );
}

/** What of the feature the registries already name, though no file of it exists. */
function clashes(
  root: string,
  n: FeatureNames,
  migrationFiles: string[],
  read: (file: string) => string,
): string[] {
  const found: string[] = [];
  const reused = migrationFiles.find((f) => f.replace(/^\d{4}_/, '') === `${n.snake}.ts`);
  if (reused)
    found.push(`the migration name ${n.snake} is taken by ${reused}: a landed name is never reused`);

  const contract = readdirSync(path.join(root, P.contractApi)).map((f) => read(`${P.contractApi}/${f}`));
  const exported = [`${n.camel}ItemSchema`, `${n.pascal}Item`, `${n.camel}List`, `${n.camel}Endpoints`];
  for (const id of exported) {
    if (contract.some((s) => new RegExp(`export (?:const|type|function|interface|class) ${id}\\b`).test(s)))
      found.push(`the contract already exports ${id}`);
  }
  if (contract.some((s) => s.includes(`path: '${n.kebab}/list'`)))
    found.push(`the contract has an endpoint at ${n.kebab}/list`);
  if (new RegExp(`^ {2}${n.camel}: `, 'm').test(read(P.contractIndex)))
    found.push(`endpoints has a group ${n.camel}`);
  if (new RegExp(`^ {2}${n.snake}: `, 'm').test(read(P.schema)))
    found.push(`schema.ts has a table ${n.snake}`);
  if (new RegExp(`^ {4}${n.camel}: `, 'm').test(read(P.services))) found.push(`services.ts has ${n.camel}`);
  if (new RegExp(`^ {2}${quoteKey(n.kebab)}: `, 'm').test(read(P.roots)))
    found.push(`roots.ts has the query root ${n.kebab}`);
  const routes = read(P.appRoutes);
  if (routes.includes(`name: '${n.kebab}'`) || routes.includes(`path: '/${n.kebab}'`))
    found.push(`routes.tsx has a route ${n.kebab}`);
  const groups = [...LOCALES.map((l) => `${P.locales}/${l}.json`), P.sharedCatalog].filter(
    (file) => n.camel in (JSON.parse(read(file)) as object),
  );
  for (const file of groups) found.push(`${file} has a group ${n.camel}`);
  if (read(P.productIndex).includes(`(${n.kebab}.md)`)) found.push(`${P.productIndex} lists ${n.kebab}.md`);
  return found;
}
