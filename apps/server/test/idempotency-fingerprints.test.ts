import { endpoints, LEVEL_BET, LOCALE_VALUES, type Locale, type MessageKey } from '@pixelhall/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { WalletOperatorError } from '../src/features/wallet/service';
import { translator } from '../src/i18n';
import { call } from './helper';
import { insertTopic } from './support/community';
import { assertLedgerBalanced, economyTestApp, requestId } from './support/economy';
import type { Caller } from './support/social';

/**
 * A money operation's request id is reusable only with the same parameters (as Stripe's
 * idempotency keys): sent again with the same ones it answers as the first time; with others it
 * is refused with its own message and changes nothing, even when both arrive at once.
 */

const { wallet, props, bets, posts } = endpoints;
const en = translator('en-US');
const REUSED: MessageKey = 'errors.request_id_reused';
const t = economyTestApp();

const refusal = (locale: Locale = 'en-US') => ({
  code: 0,
  msg: translator(locale)(REUSED),
  data: null,
  reason: REUSED,
});

/** Every row an operation could touch: what "changes nothing" is compared on. */
async function moneyState() {
  const { db } = t.database;
  const all = (
    table: 'ledger' | 'ledger_operations' | 'users' | 'user_props' | 'prop_uses' | 'bets' | 'posts',
  ) =>
    db
      .selectFrom(table as 'users')
      .selectAll()
      .execute()
      .then((rows) => rows.map((r) => JSON.stringify(r)).sort());
  const tables = [
    'ledger',
    'ledger_operations',
    'users',
    'user_props',
    'prop_uses',
    'bets',
    'posts',
  ] as const;
  return Object.fromEntries(await Promise.all(tables.map(async (name) => [name, await all(name)] as const)));
}

async function propId(code: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('props')
    .select('id')
    .where('code', '=', code)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const send = async (
  def: Parameters<typeof call>[1],
  payload: Record<string, unknown>,
  who: Caller,
  locale?: string,
) => (await call(t.app, def, payload, { token: who.token, locale })).body;

let event: { id: number; options: { id: number }[] };
let color: number;
let pin: number;
let expCard: number;
let topic: number;

beforeAll(async () => {
  event = await t.services.bets.createEvent({
    title: 'Finals: Red vs Blue',
    description: 'Best of five',
    options: [
      { label: 'Red Team', odds: 1.85 },
      { label: 'Blue Team', odds: 2.1 },
    ],
    closeAt: t.clock.now + 3_600_000,
    startAt: t.clock.now + 7_200_000,
  });
  color = await propId('color_gold');
  pin = await propId('pin_24h');
  expCard = await propId('exp_card');
  topic = await insertTopic(t.database);
});

interface Reuse {
  name: string;
  def: Parameters<typeof call>[1];
  /** Who sends it, with what they need. */
  member(): Promise<Caller>;
  /** The first request under `id`, and the same id asking for something else. */
  requests(who: Caller, id: string): Promise<{ first: Payload; others: Payload[] }>;
}
type Payload = Record<string, unknown>;

const myPost = async (who: Caller) =>
  (await t.ok<{ id: number }>(posts.createPost, { topic_id: topic, text: 'Mine' }, who)).data.id;

const REUSES: Reuse[] = [
  {
    name: 'exchange/diamonds',
    def: wallet.exchangeDiamonds,
    member: () => t.member({ diamonds: 20 }),
    requests: async (_, id) => {
      const first = { diamonds: 2, request_id: id };
      return { first, others: [{ ...first, diamonds: 5 }] };
    },
  },
  {
    name: 'buy/prop',
    def: props.buyProp,
    member: () => t.member({ gold: 1000 }),
    requests: async (_, id) => {
      const first = { prop_id: color, num: 1, request_id: id };
      return {
        first,
        others: [
          { ...first, num: 2 },
          { ...first, prop_id: pin },
        ],
      };
    },
  },
  {
    name: 'new/bet',
    def: bets.newBet,
    member: () => t.member({ level: LEVEL_BET, gold: 100 }),
    requests: async (_, id) => {
      const first = { event_id: event.id, option: event.options[0]!.id, amount: 10, request_id: id };
      return {
        first,
        others: [
          { ...first, amount: 20 },
          { ...first, option: event.options[1]!.id },
        ],
      };
    },
  },
  {
    name: 'posts/prop',
    def: props.postsProp,
    member: async () => {
      const who = await t.member({ gold: 1000 });
      await t.ok(props.buyProp, { prop_id: color, num: 2, request_id: requestId() }, who);
      return who;
    },
    requests: async (who, id) => {
      const first = { post_id: await myPost(who), prop_id: color, request_id: id };
      return {
        first,
        others: [
          { ...first, post_id: await myPost(who) },
          { ...first, prop_id: pin },
        ],
      };
    },
  },
];

describe('a request id sent again', () => {
  it.each(REUSES)(
    '$name: with the same parameters answers as the first; with others is refused',
    async (r) => {
      const who = await r.member();
      const { first: payload, others } = await r.requests(who, requestId());
      const first = await send(r.def, payload, who);
      expect(first.code, JSON.stringify(first)).toBe(1);
      const again = await send(r.def, { ...payload }, who);
      expect(again).toEqual(first);

      const before = await moneyState();
      for (const [i, other] of others.entries()) {
        const locale = LOCALE_VALUES[i % LOCALE_VALUES.length]!;
        expect(await send(r.def, other, who, locale), JSON.stringify(other)).toEqual(refusal(locale));
      }
      expect(await moneyState()).toEqual(before);
      expect(await send(r.def, payload, who)).toEqual(first);
      await assertLedgerBalanced(t.database);
    },
  );

  it('is refused when it names a prop used on the member (use/prop) after one used on a post (posts/prop)', async () => {
    const who = await t.member({ gold: 1000, diamonds: 100 });
    await t.ok(props.buyProp, { prop_id: color, num: 1, request_id: requestId() }, who);
    await t.ok(props.buyProp, { prop_id: expCard, num: 1, request_id: requestId() }, who);
    const id = requestId();
    await t.ok(props.postsProp, { post_id: await myPost(who), prop_id: color, request_id: id }, who);
    const before = await moneyState();
    expect(await send(props.useProp, { prop_id: expCard, request_id: id }, who)).toEqual(refusal());
    expect(await moneyState()).toEqual(before);
  });

  it('says so in every language', () => {
    for (const locale of LOCALE_VALUES) {
      const msg = translator(locale)(REUSED);
      expect(msg).not.toBe(REUSED);
      if (locale !== 'en-US') expect(msg).not.toBe(en(REUSED));
    }
    expect(en(REUSED)).toBe('This request id was already used for a different request.');
  });

  it('to wallet:grant with another amount is refused in words; with another note it is the same grant', async () => {
    const who = await t.member();
    const username = (
      await t.database.db
        .selectFrom('users')
        .select('username')
        .where('id', '=', who.user.id)
        .executeTakeFirstOrThrow()
    ).username;
    const grant = (amount: number, note?: string) =>
      t.services.wallet.grant({ username, currency: 'gold', amount, note, requestId: 'prize-2026-12' });
    expect((await grant(250, 'Tournament prize')).applied).toBe(true);
    expect(await grant(250)).toMatchObject({ applied: false, balances: { gold: 250 } });
    const before = await moneyState();
    await expect(grant(300, 'Tournament prize')).rejects.toThrow(WalletOperatorError);
    await expect(grant(300)).rejects.toThrow(/already used for a different grant/);
    expect(await moneyState()).toEqual(before);
  });

  it('leaves no operation without its fingerprint', async () => {
    const missing = await t.database.db
      .selectFrom('ledger_operations')
      .select('key')
      .where('fingerprint', 'is', null)
      .execute();
    expect(missing).toEqual([]);
  });
});

describe('two requests with one id and different amounts at once', () => {
  it.each([
    {
      name: 'exchange/diamonds',
      def: wallet.exchangeDiamonds,
      member: () => t.member({ diamonds: 100 }),
      payload: (amount: number, id: string) => ({ diamonds: amount, request_id: id }),
      currency: 'diamonds' as const,
    },
    {
      name: 'new/bet',
      def: bets.newBet,
      member: () => t.member({ level: LEVEL_BET, gold: 500 }),
      payload: (amount: number, id: string) => ({
        event_id: event.id,
        option: event.options[0]!.id,
        amount,
        request_id: id,
      }),
      currency: 'gold' as const,
    },
  ])('$name: one applies, the others replay it or are refused, and the ledger agrees', async (c) => {
    for (let round = 0; round < 5; round += 1) {
      const who = await c.member();
      const start = (await t.balances(who))[c.currency];
      const id = requestId();
      let n = 0;
      const answers = await t.race(c.def, () => c.payload((n++ % 2) + 2, id), who, 10);
      const sent = answers.map((_, i) => (i % 2) + 2);
      const spent = start - (await t.balances(who))[c.currency];
      expect([2, 3]).toContain(spent);
      for (const [i, { body }] of answers.entries()) {
        if (sent[i] === spent) expect(body.code, JSON.stringify(body)).toBe(1);
        else expect(body).toEqual(refusal());
      }
      const operations = await t.database.db
        .selectFrom('ledger_operations')
        .select('key')
        .where('key', 'like', `%:${id}`)
        .execute();
      expect(operations).toHaveLength(1);
    }
    await assertLedgerBalanced(t.database);
  });
});
