import { MainCode } from '@pixelhall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimOperation,
  InsufficientBalance,
  type Leg,
  postLegs,
  reverseOperation,
  runOnce,
} from '../src/features/wallet/ledger';
import { AppError } from '../src/http/app-error';
import { buildTestApp, type TestApp } from './helper';
import { assertLedgerBalanced, balancesOf, grantBalance, legsOf } from './support/economy';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let sequence = 0;
function key(name: string): string {
  sequence += 1;
  return `test:${name}:${sequence}`;
}

/** Runs `legs` as one operation under `opKey`, answering what it applied. */
const operate = (opKey: string, legs: Leg[]) =>
  runOnce<number[] | 'already'>(
    t.database.db,
    { key: opKey, userId: legs[0]?.userId ?? null, kind: 'test' },
    t.clock.now,
    async (trx) => (await postLegs(trx, opKey, legs, t.clock.now)).map((p) => p.amount),
    async () => 'already' as const,
  );

const operationCount = async (opKey: string) =>
  (await t.database.db.selectFrom('ledger_operations').select('key').where('key', '=', opKey).execute())
    .length;

describe('runOnce', () => {
  it('applies an operation once; a repeat answers already() and writes nothing', async () => {
    const member = await t.make.user();
    await grantBalance(t.database, member.id, { gold: 100 });
    const opKey = key('once');
    const legs: Leg[] = [{ userId: member.id, currency: 'gold', amount: -30, reason: 'prop_purchase' }];
    expect(await operate(opKey, legs)).toEqual({ applied: true, result: [-30] });
    expect(await operate(opKey, legs)).toEqual({ applied: false, result: 'already' });
    expect(await balancesOf(t.database, member.id)).toEqual({ gold: 70, diamonds: 0 });
    expect(await legsOf(t.database, opKey)).toHaveLength(1);
    await assertLedgerBalanced(t.database);
  });

  it('applies once when the same operation arrives 50 times at once', async () => {
    const member = await t.make.user();
    await grantBalance(t.database, member.id, { gold: 1000 });
    const opKey = key('burst');
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        operate(opKey, [{ userId: member.id, currency: 'gold', amount: -7, reason: 'bet_stake' }]),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await balancesOf(t.database, member.id)).toEqual({ gold: 993, diamonds: 0 });
    await assertLedgerBalanced(t.database);
  });

  it('rolls the whole operation back on a shortage, earlier legs and its claim included', async () => {
    const payer = await t.make.user();
    const payee = await t.make.user();
    await grantBalance(t.database, payer.id, { gold: 50, diamonds: 2 });
    const opKey = key('short');
    const legs: Leg[] = [
      { userId: payee.id, currency: 'gold', amount: 40, reason: 'post_sale' },
      { userId: null, currency: 'gold', amount: 10, reason: 'platform_share' },
      { userId: payer.id, currency: 'diamonds', amount: -3, reason: 'exchange' },
    ];
    const error = await operate(opKey, legs).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ messageKey: 'errors.insufficient_diamonds', code: MainCode.Fail });
    expect(await balancesOf(t.database, payee.id)).toEqual({ gold: 0, diamonds: 0 });
    expect(await balancesOf(t.database, payer.id)).toEqual({ gold: 50, diamonds: 2 });
    expect(await legsOf(t.database, opKey)).toEqual([]);
    // The key was not spent: the same operation goes through once the money is there.
    expect(await operationCount(opKey)).toBe(0);
    await grantBalance(t.database, payer.id, { diamonds: 1 });
    expect((await operate(opKey, legs)).applied).toBe(true);
    expect(await balancesOf(t.database, payer.id)).toEqual({ gold: 50, diamonds: 0 });

    const gold = await operate(key('short-gold'), [
      { userId: payer.id, currency: 'gold', amount: -51, reason: 'post_unlock' },
    ]).catch((e: unknown) => e);
    expect(gold).toMatchObject({ messageKey: 'errors.lack_of_gold', code: MainCode.NotEnoughGold });
    await assertLedgerBalanced(t.database);
  });

  it('keeps the balance after each leg, and refuses a zero or fractional amount', async () => {
    const member = await t.make.user();
    const opKey = key('after');
    await operate(opKey, [
      { userId: member.id, currency: 'gold', amount: 25, reason: 'task_reward' },
      { userId: member.id, currency: 'gold', amount: -5, reason: 'prop_purchase' },
    ]);
    const rows = await t.database.db
      .selectFrom('ledger')
      .select(['leg', 'balance_after'])
      .where('operation_key', '=', opKey)
      .orderBy('leg')
      .execute();
    expect(rows.map((r) => [r.leg, Number(r.balance_after)])).toEqual([
      [1, 25],
      [2, 20],
    ]);
    for (const amount of [0, 1.5]) {
      await expect(
        operate(key('bad'), [{ userId: member.id, currency: 'gold', amount, reason: 'grant' }]),
      ).rejects.toThrow(/bad ledger amount/);
    }
    await assertLedgerBalanced(t.database);
  });
});

describe('reverseOperation', () => {
  async function sale() {
    const buyer = await t.make.user();
    const author = await t.make.user();
    await grantBalance(t.database, buyer.id, { gold: 100 });
    const opKey = key('sale');
    await operate(opKey, [
      { userId: buyer.id, currency: 'gold', amount: -30, reason: 'post_unlock', refType: 'post', refId: 9 },
      { userId: author.id, currency: 'gold', amount: 27, reason: 'post_sale', refType: 'post', refId: 9 },
      { userId: null, currency: 'gold', amount: 3, reason: 'platform_share', refType: 'post', refId: 9 },
    ]);
    return { buyer, author, opKey };
  }

  const reverse = (opKey: string, reversalKey: string) =>
    runOnce(
      t.database.db,
      { key: reversalKey, userId: null, kind: 'reversal' },
      t.clock.now,
      (trx) => reverseOperation(trx, opKey, reversalKey, t.clock.now),
      async () => [],
    );

  it('writes the opposite rows as new rows, pointing at what they undo', async () => {
    const { buyer, author, opKey } = await sale();
    const original = await t.database.db
      .selectFrom('ledger')
      .select(['id', 'amount'])
      .where('operation_key', '=', opKey)
      .orderBy('leg')
      .execute();
    const reversalKey = key('reverse');
    const { result } = await reverse(opKey, reversalKey);
    expect(result).toHaveLength(3);
    const rows = await t.database.db
      .selectFrom('ledger')
      .select(['user_id', 'amount', 'reason', 'reverses_id', 'ref_type', 'ref_id'])
      .where('operation_key', '=', reversalKey)
      .orderBy('leg')
      .execute();
    // Last leg first, each the negative of its original, which stays as it was.
    expect(
      rows.map((r) => [Number(r.amount), r.reason, Number(r.reverses_id), r.ref_type, Number(r.ref_id)]),
    ).toEqual([...original].reverse().map((o) => [-Number(o.amount), 'reversal', Number(o.id), 'post', 9]));
    expect(await legsOf(t.database, opKey)).toHaveLength(3);
    expect(await balancesOf(t.database, buyer.id)).toEqual({ gold: 100, diamonds: 0 });
    expect(await balancesOf(t.database, author.id)).toEqual({ gold: 0, diamonds: 0 });

    // The same reversal again is a no-op; another reversal of the same rows is refused by the
    // unique constraint on reverses_id, and leaves nothing behind.
    expect((await reverse(opKey, reversalKey)).applied).toBe(false);
    const second = key('reverse-again');
    await expect(reverse(opKey, second)).rejects.toThrow();
    expect(await legsOf(t.database, second)).toEqual([]);
    expect(await operationCount(second)).toBe(0);
    expect(await balancesOf(t.database, buyer.id)).toEqual({ gold: 100, diamonds: 0 });
    await assertLedgerBalanced(t.database);
  });

  it('refuses, as a whole, to take back what a member has already spent', async () => {
    const { buyer, author, opKey } = await sale();
    await operate(key('spend'), [
      { userId: author.id, currency: 'gold', amount: -20, reason: 'prop_purchase' },
    ]);
    const reversalKey = key('reverse-spent');
    const error = await runOnce(
      t.database.db,
      { key: reversalKey, userId: null, kind: 'reversal' },
      t.clock.now,
      (trx) => reverseOperation(trx, opKey, reversalKey, t.clock.now),
      async () => [],
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ messageKey: 'errors.lack_of_gold', code: MainCode.NotEnoughGold });
    expect(await balancesOf(t.database, buyer.id)).toEqual({ gold: 70, diamonds: 0 });
    expect(await balancesOf(t.database, author.id)).toEqual({ gold: 7, diamonds: 0 });
    expect(await legsOf(t.database, reversalKey)).toEqual([]);

    // Inside a caller's own transaction the shortage arrives as InsufficientBalance.
    const raw = key('raw');
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await claimOperation(trx, { key: raw, userId: null, kind: 'reversal' }, t.clock.now);
        return reverseOperation(trx, opKey, raw, t.clock.now);
      }),
    ).rejects.toBeInstanceOf(InsufficientBalance);
    await assertLedgerBalanced(t.database);
  });
});
