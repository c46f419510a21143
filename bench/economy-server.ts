/**
 * Pixelhall for the economy benchmark: the real app on a fresh SQLite file (BENCH_DB) seeded as
 * `npm start` seeds it, quiet, with one extra route (GET /api/hello, a tiny envelope through the
 * same server and hooks) and the benchmark's members, made through the app's own ledger code:
 *   - BENCH_CONNECTIONS buyers, each granted plenty of gold, to buy props with;
 *   - a historian with BENCH_HISTORY ledger rows (prop purchases and grants, alternating);
 *   - a level-45 bettor with BENCH_BETS bets over fifty events, most of them settled by the
 *     operators' settlement code (half won, half lost).
 * Prints one JSON line on stdout: the port, the tokens, and the prop the buyers buy.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@pixelhall/server/src/app';
import { prepareDatabase } from '@pixelhall/server/src/boot';
import { loadConfig } from '@pixelhall/server/src/config';
import { betsRepo } from '@pixelhall/server/src/features/bets/repo';
import { propsRepo } from '@pixelhall/server/src/features/props/repo';
import { LOCAL_ORIGIN } from '@pixelhall/server/src/features/sessions/origin';
import { grantCredit } from '@pixelhall/server/src/features/wallet/grants';
import { claimOperation, postLegs } from '@pixelhall/server/src/features/wallet/ledger';

const file = process.env.BENCH_DB;
if (!file) throw new Error('BENCH_DB is not set');
const BUYERS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const HISTORY = Number(process.env.BENCH_HISTORY ?? 10_000);
const BETS = Number(process.env.BENCH_BETS ?? 5_000);
const EVENTS = 50;
const SETTLED_EVENTS = 40;
const BATCH = 1_000;
const DAY = 86_400_000;
const PLENTY = 1_000_000_000;

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  // The load comes from one address, past the per-address connection cap.
  MAX_CONNECTIONS_PER_ADDRESS: '0',
  DATABASE_URL: `file:${file}`,
  UPLOAD_DIR: mkdtempSync(path.join(tmpdir(), 'pixelhall-economy-uploads-')),
});
const database = await prepareDatabase(config, () => {});
const { db } = database;
const { app, services } = await buildApp({ config, database });
app.get('/api/hello', async () => ({ code: 1, msg: 'OK', data: { hello: 'world' } }));

const started = performance.now();
const now = Date.now();

async function member(username: string, level: number): Promise<{ id: number; token: string }> {
  const row = await db
    .insertInto('users')
    .values({ username, nickname: username, level, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await grantCredit(db, id, { gold: PLENTY, diamonds: PLENTY }, { now, requestId: 'bench-plenty' });
  return { id, token: (await services.sessions.create(id, LOCAL_ORIGIN)).token };
}

const prop = await db
  .selectFrom('props')
  .select(['id', 'price', 'currency', 'shelf_days'])
  .where('code', '=', 'color_gold')
  .executeTakeFirstOrThrow();
const propId = Number(prop.id);

const buyers: string[] = [];
for (let i = 0; i < BUYERS; i++) buyers.push((await member(`benchbuyer${i + 1}`, 10)).token);

// The historian's rows: what a very active member's wallet history holds after years.
const historian = await member('benchhistorian', 20);
for (let from = 0; from < HISTORY; from += BATCH) {
  await db.transaction().execute(async (trx) => {
    for (let i = from; i < Math.min(HISTORY, from + BATCH); i++) {
      const at = now - (HISTORY - i) * 60_000;
      const ref = { refType: 'prop', refId: propId };
      if (i % 2 === 0) {
        const key = `buy:${historian.id}:bench-history-${i}`;
        await claimOperation(trx, { key, userId: historian.id, kind: 'prop_purchase', ...ref }, at);
        const amount = -Number(prop.price);
        await postLegs(
          trx,
          key,
          [{ userId: historian.id, currency: prop.currency, amount, reason: 'prop_purchase', ...ref }],
          at,
        );
        const expiresAt = prop.shelf_days === null ? null : at + Number(prop.shelf_days) * DAY;
        await propsRepo(trx).addLot({
          userId: historian.id,
          propId,
          count: 1,
          expiresAt,
          operationKey: key,
          now: at,
        });
      } else {
        const key = `grant:${historian.id}:bench-history-${i}`;
        await claimOperation(trx, { key, userId: historian.id, kind: 'grant' }, at);
        await postLegs(
          trx,
          key,
          [{ userId: historian.id, currency: 'gold', amount: 100, reason: 'grant' }],
          at,
        );
      }
    }
  });
}

// The bettor's bets, placed as new/bet places them, on events of the past weeks.
const bettor = await member('benchbettor', 45);
const eventIds: number[] = [];
await db.transaction().execute(async (trx) => {
  for (let e = 0; e < EVENTS; e++) {
    const closeAt = now - (EVENTS - e) * DAY;
    const options = [
      { label: 'Home', oddsX100: 185 },
      { label: 'Away', oddsX100: 210 },
    ];
    const title = `Benchmark match ${e + 1}`;
    eventIds.push(
      await betsRepo(trx).insertEvent(
        { title, description: '', closeAt, startAt: closeAt + 3_600_000 },
        options,
        closeAt - DAY,
      ),
    );
  }
});
const optionIds = new Map<number, number[]>();
for (const o of await betsRepo(db).optionsOf(eventIds))
  optionIds.set(Number(o.event_id), [...(optionIds.get(Number(o.event_id)) ?? []), Number(o.id)]);
for (let from = 0; from < BETS; from += BATCH) {
  await db.transaction().execute(async (trx) => {
    for (let i = from; i < Math.min(BETS, from + BATCH); i++) {
      const e = i % EVENTS;
      const eventId = eventIds[e]!;
      const optionId = optionIds.get(eventId)![i % 2]!;
      const at = now - (EVENTS - e) * DAY - 3_600_000;
      const key = `bet:${bettor.id}:bench-bet-${i}`;
      const amount = 10 + (i % 90);
      await claimOperation(
        trx,
        { key, userId: bettor.id, kind: 'bet', refType: 'bet_event', refId: eventId },
        at,
      );
      const id = await betsRepo(trx).insertBet({
        userId: bettor.id,
        eventId,
        optionId,
        amount,
        oddsX100: i % 2 === 0 ? 185 : 210,
        operationKey: key,
        now: at,
      });
      await postLegs(
        trx,
        key,
        [
          {
            userId: bettor.id,
            currency: 'gold',
            amount: -amount,
            reason: 'bet_stake',
            refType: 'bet',
            refId: id,
          },
        ],
        at,
      );
    }
  });
}
for (const eventId of eventIds.slice(0, SETTLED_EVENTS)) await services.bets.settle(eventId, 'Home');

await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
console.info(
  JSON.stringify({
    port: typeof address === 'object' && address ? address.port : 0,
    buyers,
    propId,
    historian: historian.token,
    bettor: bettor.token,
    setupSeconds: (performance.now() - started) / 1000,
  }),
);
