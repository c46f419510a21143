import { type Bet, endpoints } from '@pixelhall/contract';
import { describe, expect, it } from 'vitest';
import { call } from './helper';
import { assertLedgerBalanced, balancesOf, memberWith, requestId } from './support/economy';
import { opsTestApp } from './support/ops';

const t = opsTestApp();
const { ops } = t;

const bettor = (gold: number) => memberWith(t, { level: 30, gold });

async function bet(who: { token: string }, eventId: number, optionId: number, amount: number) {
  const { body } = await call(
    t.app,
    endpoints.bets.newBet,
    { event_id: eventId, option: optionId, amount, request_id: requestId() },
    { token: who.token },
  );
  expect(body, JSON.stringify(body)).toMatchObject({ code: 1 });
  return (body.data as { bet: Bet }).bet;
}

const gold = async (who: { user: { id: number } }) => (await balancesOf(t.database, who.user.id)).gold;

/** What the clock would do: the match has started, betting closed a while ago. */
async function startMatch(eventId: number) {
  await t.database.db
    .updateTable('bet_events')
    .set({ close_at: Date.now() - 120_000, start_at: Date.now() - 60_000 })
    .where('id', '=', eventId)
    .execute();
}

const optionIds = async (eventId: number) =>
  (
    await t.database.db
      .selectFrom('bet_options')
      .select('id')
      .where('event_id', '=', eventId)
      .orderBy('position')
      .execute()
  ).map((o) => Number(o.id));

// Each case starts real processes, which takes seconds on a loaded 2-core machine.
describe('bets operator commands', { timeout: 180_000 }, () => {
  it('creates, lists, settles, reverses and refuses what cannot be done', async () => {
    const created = await ops(
      'bets:create',
      '--title',
      'Finals: Red vs Blue',
      '--option',
      'Red Team:1.85',
      '--option',
      'Blue Team:2.10',
      '--close',
      '+2h',
      '--start',
      '+3h',
      '--description',
      'Best of five',
    );
    expect(created.code, created.out).toBe(0);
    const eventId = Number(/created event (\d+) \(open\): Finals: Red vs Blue/.exec(created.out)?.[1]);
    const [red, blue] = await optionIds(eventId);
    expect(created.out).toContain(`[${red}] Red Team 1.85   [${blue}] Blue Team 2.10`);
    expect(created.out).toContain('Best of five');

    const winner = await bettor(1000);
    const loser = await bettor(1000);
    await bet(winner, eventId, red!, 333);
    await bet(loser, eventId, blue!, 400);

    const listed = await ops('bets:list');
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`event ${eventId} (open): Finals: Red vs Blue`);
    expect(listed.out).toContain('2 bets');

    expect(await ops('bets:settle', String(eventId), 'Red Team')).toMatchObject({
      code: 1,
      out: expect.stringContaining('is open until'),
    });
    await startMatch(eventId);
    const settled = await ops('bets:settle', String(eventId), 'red team');
    expect(settled.code, settled.out).toBe(0);
    expect(settled.out).toContain(
      `settled event ${eventId}: "Red Team" won; 1 winning bets paid 555 gold after 61 gold of service charges, 1 bets lost`,
    );
    // The first win also earns the "lucky" achievement when the catalog is installed; not here.
    expect(await gold(winner)).toBe(1000 - 333 + 555);
    expect(await ops('bets:settle', String(eventId), String(red))).toMatchObject({
      code: 0,
      out: expect.stringContaining('already settled with "Red Team"'),
    });

    const reversed = await ops('bets:reverse', String(eventId));
    expect(reversed.code, reversed.out).toBe(0);
    expect(reversed.out).toContain(`reversed the settlement of event ${eventId}: took back 555 gold`);
    expect(await gold(winner)).toBe(667);
    expect(await gold(loser)).toBe(600);

    expect((await ops('bets:settle', String(eventId), String(blue))).code).toBe(0);
    // 400 × 2.10 = 840, less 84.
    expect(await gold(loser)).toBe(600 + 756);
    const spend = await ops(
      'bets:create',
      '--title',
      'Rematch',
      '--option',
      'A:2',
      '--option',
      'B:2',
      '--close',
      '+1h',
      '--start',
      '+1h',
    );
    const rematch = Number(/created event (\d+)/.exec(spend.out)?.[1]);
    await bet(loser, rematch, (await optionIds(rematch))[0]!, 1356);
    const refused = await ops('bets:reverse', String(eventId));
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`member ${loser.user.username} (id ${loser.user.id}`);
    expect(refused.out).toContain('nothing was changed');
    expect(await ops('bets:cancel', String(eventId))).toMatchObject({
      code: 1,
      out: expect.stringContaining('reverse the settlement first'),
    });

    const cancelled = await ops('bets:cancel', String(rematch));
    expect(cancelled).toMatchObject({
      code: 0,
      out: expect.stringContaining(`cancelled event ${rematch}: refunded 1 bets, 1356 gold`),
    });
    expect(await gold(loser)).toBe(1356);
    await assertLedgerBalanced(t.database);
  });

  it('reads times without a zone as UTC', async () => {
    const created = await ops(
      'bets:create',
      '--title',
      'Season opener',
      '--option',
      'North:1.5',
      '--option',
      'South:2.5',
      '--option',
      'Draw:3',
      '--close',
      '2099-01-01T10:00',
      '--start',
      '2099-01-01 12:30',
    );
    expect(created.code, created.out).toBe(0);
    expect(created.out).toContain('betting closes 2099-01-01T10:00Z, starts 2099-01-01T12:30Z, 0 bets');
    expect(created.out).toContain('Draw 3.00');
  });

  // The service's own checks (sides, odds, times) are tested in bets.test.ts; these are the console's.
  it('answers wrong input with a readable message and exit code 1', async () => {
    const create = (...args: string[]) =>
      ops('bets:create', '--title', 'Bad', '--close', '+1h', '--start', '+2h', ...args);
    const cases: [() => Promise<{ code: number; out: string }>, string][] = [
      [
        () => ops('bets:create', '--title', 'No sides', '--close', '+1h', '--start', '+2h'),
        'bets:create needs --title',
      ],
      [() => create('--option', 'Red:abc', '--option', 'Blue:2'), 'must be a name and decimal odds'],
      [
        () =>
          ops(
            'bets:create',
            '--title',
            'Late',
            '--option',
            'A:2',
            '--option',
            'B:2',
            '--close',
            'tomorrow',
            '--start',
            '+2h',
          ),
        '--close "tomorrow" is not a time',
      ],
      [() => ops('bets:settle', '999999', 'Red'), 'there is no bet event 999999'],
      [() => ops('bets:settle', 'abc', 'Red'), 'give the id of a bet event'],
    ];
    for (const [command, message] of cases) {
      const { code, out } = await command();
      expect(code, out).toBe(1);
      expect(out).toContain(message);
    }
  });
});
