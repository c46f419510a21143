import type { DB } from '@pixelhall/server/src/db/schema';
import { type Kysely, sql } from 'kysely';

export interface LedgerReport {
  members: number;
  rows: number;
  /** One line per disagreement; empty when the ledger agrees. */
  problems: string[];
}

const CURRENCIES = ['gold', 'diamonds'] as const;
const SHOWN = 10;

/**
 * The ledger against the balances, for every member (docs/internals/economy.md#the-ledger): each balance is the sum
 * of its ledger rows and the balance after its newest row, none is negative, every row belongs
 * to a recorded operation, and no operation stopped halfway (a bet, a bought lot, an unlock or a
 * reward without its ledger rows, a settled event with a bet still waiting).
 */
export async function checkLedger(db: Kysely<DB>): Promise<LedgerReport> {
  const problems: string[] = [];
  const users = await db.selectFrom('users').select(['id', 'username', 'gold', 'diamonds']).execute();
  const sums = new Map<string, number>();
  for (const r of await db
    .selectFrom('ledger')
    .select(['user_id', 'currency', (eb) => eb.fn.sum<number>('amount').as('total')])
    .where('user_id', 'is not', null)
    .groupBy(['user_id', 'currency'])
    .execute())
    sums.set(`${r.user_id}:${r.currency}`, Number(r.total));
  const newest = new Map<string, number | null>();
  for (const r of await db
    .selectFrom('ledger')
    .select(['user_id', 'currency', 'balance_after'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('ledger')
        .select((e) => e.fn.max('id').as('id'))
        .where('user_id', 'is not', null)
        .groupBy(['user_id', 'currency']),
    )
    .execute())
    newest.set(`${r.user_id}:${r.currency}`, r.balance_after === null ? null : Number(r.balance_after));

  for (const u of users) {
    for (const currency of CURRENCIES) {
      const balance = Number(u[currency]);
      const key = `${u.id}:${currency}`;
      const sum = sums.get(key) ?? 0;
      if (balance < 0) problems.push(`${u.username} has ${balance} ${currency}`);
      if (sum !== balance)
        problems.push(`${u.username}: ${balance} ${currency}, but the ledger rows add up to ${sum}`);
      const last = newest.get(key);
      if (last !== undefined && last !== balance)
        problems.push(`${u.username}: ${balance} ${currency}, but the newest ledger row says ${last}`);
    }
  }

  const negative = await db
    .selectFrom('ledger')
    .select(['id', 'operation_key', 'balance_after'])
    .where('balance_after', '<', 0)
    .limit(SHOWN)
    .execute();
  for (const r of negative)
    problems.push(`ledger row ${r.id} (${r.operation_key}) leaves ${r.balance_after}`);

  const orphans = await db
    .selectFrom('ledger')
    .select(['id', 'operation_key'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ledger_operations')
            .select('key')
            .whereRef('ledger_operations.key', '=', 'ledger.operation_key'),
        ),
      ),
    )
    .limit(SHOWN)
    .execute();
  for (const r of orphans) problems.push(`ledger row ${r.id} has no operation ${r.operation_key}`);

  problems.push(...(await halfDone(db)));
  const rows = await db
    .selectFrom('ledger')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { members: users.length, rows: Number(rows.n), problems };
}

/** Rows written under an operation key whose ledger rows are not there. */
async function halfDone(db: Kysely<DB>): Promise<string[]> {
  const withoutLegs = (table: 'bets' | 'user_props' | 'rewards') =>
    sql<boolean>`not exists (select 1 from ledger where ledger.operation_key = ${sql.ref(`${table}.operation_key`)})`;
  const problems: string[] = [];
  for (const r of await db
    .selectFrom('bets')
    .select('operation_key')
    .where(withoutLegs('bets'))
    .limit(SHOWN)
    .execute())
    problems.push(`bet ${r.operation_key} has no ledger rows`);
  for (const r of await db
    .selectFrom('user_props')
    .select('operation_key')
    .where('operation_key', 'like', 'buy:%')
    .where(withoutLegs('user_props'))
    .limit(SHOWN)
    .execute())
    problems.push(`bought lot ${r.operation_key} has no ledger rows`);
  for (const r of await db
    .selectFrom('rewards')
    .select('operation_key')
    .where(withoutLegs('rewards'))
    .where((eb) => eb.or([eb('gold', '>', 0), eb('diamonds', '>', 0)]))
    .limit(SHOWN)
    .execute())
    problems.push(`reward ${r.operation_key} has no ledger rows`);

  const unlockKeys = new Set(
    (await db.selectFrom('ledger').select('operation_key').where('reason', '=', 'post_unlock').execute()).map(
      (r) => r.operation_key,
    ),
  );
  const unlocks = await db.selectFrom('post_unlocks').select(['post_id', 'user_id']).execute();
  for (const u of unlocks.filter((u) => !unlockKeys.has(`unlock:${u.post_id}:${u.user_id}`)).slice(0, SHOWN))
    problems.push(`member ${u.user_id} unlocked post ${u.post_id} without paying`);

  const waiting = await db
    .selectFrom('bets')
    .innerJoin('bet_events', 'bet_events.id', 'bets.event_id')
    .select(['bets.id', 'bets.event_id'])
    .where('bet_events.status', '=', 'settled')
    .where('bets.result', '=', 'placed')
    .limit(SHOWN)
    .execute();
  for (const b of waiting) problems.push(`bet ${b.id} on settled event ${b.event_id} is still waiting`);
  return problems;
}
