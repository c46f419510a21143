import { LOCALES, type Plan } from './plan';

/** What is left to do by hand once the files are written (docs/adding-a-feature.md says why). */
export function nextSteps({ names: n, migration }: Plan): string {
  const others = LOCALES.filter((l) => l !== 'en-US').join(', ');
  const steps = [
    `Translate the "${n.camel}" strings in ${others} (apps/web/src/i18n/locales/): they are English everywhere for now, and the locales test cannot tell.`,
    `Write docs/product/${n.kebab}.md (what it is for, rules, limits, messages) and the /${n.kebab} row's flags in docs/product/app-shell-and-settings.md#routes.`,
    `Make the example the feature: packages/contract/src/api/${n.kebab}.ts, migration ${migration} and db/schema.ts (free to change until it lands), features/${n.kebab}/, apps/server/test/${n.kebab}.test.ts.`,
    `The query root '${n.kebab}' is declared 'member' in apps/web/src/api/queries/roots.ts: make it 'shared' if its answers read the same for everyone.`,
    'Seed data, if the feature needs rows to show: a Seeder in apps/server/src/seed/, appended to SEEDERS.',
    'Each thing of a member the feature lets its owner change gets a row in apps/server/test/authorization-matrix.test.ts; the screen gets a journey in e2e/.',
    `Check: npx tsc -p packages/contract && npx tsc -p apps/server && npx tsc -p apps/web, then npx vitest run --project server-sqlite apps/server/test/${n.kebab}.test.ts`,
  ];
  return `Next, by hand (docs/adding-a-feature.md):\n${steps.map((s, i) => `  ${i + 1}. ${s}`).join('\n')}`;
}
