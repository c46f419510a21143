import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Database } from '../../src/db/database';
import { grantCredit } from '../../src/features/wallet/grants';
import { installEconomyCatalog } from '../../src/seed/economy-catalog';
import { buildTestApp, call, type TestApp } from '../helper';
import { setLevel } from './community';
import { answers, type Caller } from './social';

/** A fresh idempotency key, as the app makes one per intended action. */
export const requestId = () => randomBytes(9).toString('base64url');

/**
 * Gives a member gold and diamonds the way an operator does (`wallet:grant`): through the ledger,
 * so the ledger invariant holds in every test that starts from a balance.
 */
export async function grantBalance(
  database: Database,
  userId: number,
  amounts: { gold?: number; diamonds?: number },
  now = Date.UTC(2026, 0, 1),
): Promise<void> {
  await grantCredit(database.db, userId, amounts, { now, note: 'test balance' });
}

export async function balancesOf(database: Database, userId: number) {
  const row = await database.db
    .selectFrom('users')
    .select(['gold', 'diamonds'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { gold: Number(row.gold), diamonds: Number(row.diamonds) };
}

/**
 * The ledger invariant: for every member and currency, the sum of their ledger rows is their
 * balance, and no balance is negative. A balance changed anywhere but through the ledger, or a
 * leg lost from an operation, fails it.
 */
export async function assertLedgerBalanced(database: Database): Promise<void> {
  const { db } = database;
  const [users, sums] = await Promise.all([
    db.selectFrom('users').select(['id', 'gold', 'diamonds']).execute(),
    db
      .selectFrom('ledger')
      .select(['user_id', 'currency', (eb) => eb.fn.sum<number>('amount').as('total')])
      .where('user_id', 'is not', null)
      .groupBy(['user_id', 'currency'])
      .execute(),
  ]);
  const ledger = new Map(sums.map((s) => [`${Number(s.user_id)}:${s.currency}`, Number(s.total)]));
  const wrong = users.flatMap((u) =>
    (['gold', 'diamonds'] as const).flatMap((currency) => {
      const balance = Number(u[currency]);
      const summed = ledger.get(`${Number(u.id)}:${currency}`) ?? 0;
      return balance === summed && balance >= 0 ? [] : [{ user: Number(u.id), currency, balance, summed }];
    }),
  );
  expect(wrong, 'balances that differ from their ledger rows').toEqual([]);
}

/** The rows one operation wrote, in leg order. */
export const legsOf = (database: Database, operationKey: string) =>
  database.db
    .selectFrom('ledger')
    .select(['user_id', 'currency', 'amount', 'reason', 'ref_type', 'ref_id'])
    .where('operation_key', '=', operationKey)
    .orderBy('leg')
    .execute()
    .then((rows) =>
      rows.map((r) => ({
        ...r,
        user_id: r.user_id === null ? null : Number(r.user_id),
        amount: Number(r.amount),
        ref_id: r.ref_id === null ? null : Number(r.ref_id),
      })),
    );

type Member = Awaited<ReturnType<TestApp['make']['member']>>;
type Endpoint = Parameters<typeof call>[1];
type Payload = Record<string, unknown>;
type Start = { level?: number; gold?: number; diamonds?: number };

/** A signed-in member at `level`, holding `gold` and `diamonds` granted through the ledger. */
export async function memberWith(
  { make, database }: Pick<TestApp, 'make' | 'database'>,
  start: Start = {},
): Promise<Member> {
  const member = await make.member();
  if (start.level !== undefined) await setLevel(database, member.user.id, start.level);
  if (start.gold || start.diamonds) {
    await grantBalance(database, member.user.id, { gold: start.gold, diamonds: start.diamonds });
  }
  return member;
}

/** The app of an economy test file, with what its tests keep asking of it. */
export interface EconomyTestApp extends TestApp, ReturnType<typeof answers> {
  /** `memberWith` on this app. */
  member(start?: Start): Promise<Member>;
  balances(who: Caller): Promise<{ gold: number; diamonds: number }>;
  goldOf(who: Caller): Promise<number>;
  /**
   * One request sent `times` times at once, as a double tap or a retrying client races itself.
   * A `payload` function is called per request (a fresh request id each, say).
   */
  race(
    def: Endpoint,
    payload: Payload | (() => Payload),
    who: Caller,
    times?: number,
  ): Promise<Awaited<ReturnType<typeof call>>[]>;
}

/**
 * The real app on a fresh database with the economy catalog installed, for the file (or
 * `describe` block) that calls it: it registers its own `beforeAll` and `afterAll`. The object
 * is returned at once and filled in by `beforeAll`, so use it inside tests and hooks only.
 */
export function economyTestApp(): EconomyTestApp {
  const t = {
    ...answers(() => t.app),
    member: (start) => memberWith(t, start),
    balances: (who) => balancesOf(t.database, who.user.id),
    goldOf: async (who) => (await balancesOf(t.database, who.user.id)).gold,
    race: (def, payload, who, times = 50) =>
      Promise.all(
        Array.from({ length: times }, () =>
          call(t.app, def, typeof payload === 'function' ? payload() : payload, { token: who.token }),
        ),
      ),
  } as EconomyTestApp;
  beforeAll(async () => {
    Object.assign(t, await buildTestApp());
    await installEconomyCatalog(t.database.db, t.clock.now);
  });
  afterAll(() => t.close());
  return t;
}
