import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { withDatabase } from './members';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/**
 * An operator command, `npm run ops -- <args>`, against the e2e server's database, as an operator
 * would type it at the console. Answers what it printed; a refusal fails the test with its message.
 */
export async function ops(...args: string[]): Promise<string> {
  try {
    const { stdout } = await run('npm', ['run', '--silent', 'ops', '--', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: inject('databaseUrl'), LOG_LEVEL: 'warn' },
      timeout: 45_000,
    });
    return stdout;
  } catch (err) {
    const failed = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`ops ${args.join(' ')} failed: ${failed.stderr || failed.stdout || failed.message}`);
  }
}

/** The user name a member signs in with (members made by createMember have generated ones). */
export function usernameOf(memberId: number): Promise<string> {
  return withDatabase(async (database) => {
    const row = await database.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', memberId)
      .executeTakeFirstOrThrow();
    return row.username ?? '';
  });
}

/** Credits a member through the ledger with the operator's `wallet:grant`. */
export async function grant(memberId: number, currency: 'gold' | 'diamonds', amount: number): Promise<void> {
  await ops('wallet:grant', await usernameOf(memberId), currency, String(amount), 'e2e journey');
}

/** Puts a member at a level, as a member who has earned it would be (levels never go down). */
export function setLevel(memberId: number, level: number): Promise<void> {
  return withDatabase(async (database) => {
    await database.db.updateTable('users').set({ level }).where('id', '=', memberId).execute();
  });
}

export interface CreatedBetEvent {
  id: number;
  /** Side name → side id, as `bets:create` printed them. */
  sides: Record<string, number>;
}

/** `bets:create` with exact times (an operator may give an ISO time instead of +2h). */
export async function createBetEvent(input: {
  title: string;
  options: string[];
  closeAt: number;
  startAt: number;
}): Promise<CreatedBetEvent> {
  const out = await ops(
    'bets:create',
    '--title',
    input.title,
    ...input.options.flatMap((o) => ['--option', o]),
    '--close',
    new Date(input.closeAt).toISOString(),
    '--start',
    new Date(input.startAt).toISOString(),
  );
  const id = /created event (\d+) /.exec(out);
  if (!id) throw new Error(`bets:create printed no event id: ${out}`);
  const sides: Record<string, number> = {};
  for (const side of out.matchAll(/\[(\d+)\] (.+?) \d+\.\d{2}/g)) sides[side[2]!] = Number(side[1]);
  return { id: Number(id[1]), sides };
}

/**
 * Closes betting on an event now, as its close time passing would: the operator's `bets:create`
 * only takes a time in the future, and a journey waiting for one would wait for the clock.
 */
export function closeBetting(eventId: number): Promise<void> {
  return withDatabase(async (database) => {
    await database.db
      .updateTable('bet_events')
      .set({ close_at: Date.now() })
      .where('id', '=', eventId)
      .execute();
  });
}
