/**
 * npm run new:feature <name> [--dry-run]
 *
 * Writes a new feature's contract group, server folder (routes, service, repo, test), migration,
 * query hook, screen, strings and product page, registers each where the code lists it, and says
 * what is left to do by hand. Refuses when the name is not kebab-case or anything of the feature
 * exists already, and then writes nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { nextSteps } from './checklist';
import { AnchorMissing } from './edits';
import { type Plan, planFeature, Refused } from './plan';

const USAGE = 'usage: npm run new:feature <kebab-case-name> [--dry-run]';

export function writePlan(root: string, plan: Plan): void {
  for (const write of plan.writes) {
    const file = path.join(root, write.path);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, write.content);
  }
  // The templates' lines and import order depend on the name: the formatter settles them.
  const code = plan.writes.filter((w) => w.kind === 'create' && /\.tsx?$/.test(w.path)).map((w) => w.path);
  const biome = path.join(root, 'node_modules/.bin/biome');
  try {
    execFileSync(biome, ['check', '--write', '--vcs-enabled=false', ...code], { cwd: root, stdio: 'pipe' });
  } catch (error) {
    const { stdout } = error as { stdout: Buffer };
    throw new Error(`the files are written, but Biome has something to say about them:\n${stdout}`);
  }
}

/** What the command prints for `plan`: each file, and with `dryRun` what goes into it. */
export function describePlan(plan: Plan, dryRun: boolean): string {
  const lines: string[] = [];
  for (const write of plan.writes) {
    lines.push(`${dryRun ? 'would ' : ''}${write.kind} ${write.path}`);
    if (!dryRun) continue;
    const shown = write.kind === 'create' ? write.content.trimEnd().split('\n') : write.added;
    lines.push(...shown.map((line) => `    ${write.kind === 'create' ? '' : '+ '}${line}`));
  }
  return lines.join('\n');
}

export function run(argv: string[], root: string, out: (text: string) => void): number {
  const dryRun = argv.includes('--dry-run');
  const names = argv.filter((a) => !a.startsWith('--'));
  if (names.length !== 1 || argv.some((a) => a.startsWith('--') && a !== '--dry-run')) {
    out(USAGE);
    return 2;
  }
  let plan: Plan;
  try {
    plan = planFeature(root, names[0]!);
  } catch (error) {
    if (error instanceof AnchorMissing) {
      out(`new:feature cannot tell where to register the feature, nothing written:\n  - ${error.message}`);
      return 1;
    }
    if (!(error instanceof Refused)) throw error;
    out(`new:feature refused, nothing written:\n${error.problems.map((p) => `  - ${p}`).join('\n')}`);
    return 1;
  }
  if (!dryRun) writePlan(root, plan);
  out(describePlan(plan, dryRun));
  out(dryRun ? '\nDry run: nothing written.' : '');
  out(nextSteps(plan));
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // `npm run new:feature x --dry-run` keeps the flag for npm itself and says so only in the environment.
  const dryRun = process.env.npm_config_dry_run === 'true' ? ['--dry-run'] : [];
  process.exitCode = run([...process.argv.slice(2), ...dryRun], root, (text) => console.info(text));
}
