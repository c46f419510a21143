import { randomBytes } from 'node:crypto';
import { endpoints, experienceForLevel, LEVEL_BET } from '@pixelhall/contract';
import type { Database } from '@pixelhall/server/src/db/database';
import { betOperations } from '@pixelhall/server/src/features/bets/settlement';
import { grantCredit } from '@pixelhall/server/src/features/wallet/grants';
import { send } from './api';
import type { Member } from './load';

const PASSWORD = 'crash-test-password';
/** Enough for a few hundred purchases, bets and unlocks, and short enough that some run dry. */
const START = { gold: 4_000, diamonds: 60 };

export interface Catalogue {
  topicIds: number[];
  propIds: number[];
}

export interface BetEventIds {
  id: number;
  optionIds: number[];
}

/** What the load needs from the seeded world. */
export async function prepareCatalogue(database: Database): Promise<Catalogue> {
  const { db } = database;
  const topics = await db
    .selectFrom('topics')
    .select('id')
    .where('min_level', '<=', 1)
    .where('min_age', '=', 0)
    .execute();
  const props = await db.selectFrom('props').select('id').where('active', '=', 1).execute();
  if (topics.length === 0 || props.length === 0) throw new Error('the seeded world has no topics or props');
  return {
    topicIds: topics.map((t) => Number(t.id)),
    propIds: props.map((p) => Number(p.id)),
  };
}

/**
 * A round's bet event, created as the operators' `bets:create` creates it. Betting closes when
 * the round's kill is due, so that the next round can settle it (only a closed event settles).
 */
export async function openBetEvent(database: Database, round: number, closeAt: number): Promise<BetEventIds> {
  const event = await betOperations({ db: database.db, clock: Date.now }).createEvent({
    title: `Crash test round ${round}`,
    options: [
      { label: 'Red', odds: 1.85 },
      { label: 'Blue', odds: 2.1 },
    ],
    closeAt,
    startAt: closeAt + 3_600_000,
  });
  return { id: event.id, optionIds: event.options.map((o) => o.id) };
}

/**
 * New members, registered through the running server. The operator then credits their starting
 * gold and diamonds through the ledger (as `wallet:grant` does) and lifts them to the betting
 * level, which would otherwise take weeks of activity; experience is set with it because a level
 * follows experience and never falls below it.
 */
export async function registerMembers(port: number, database: Database, count: number): Promise<Member[]> {
  const tag = randomBytes(4).toString('hex');
  const members: Member[] = [];
  for (let i = 1; i <= count; i += 1) {
    const username = `crash${tag}${i}`;
    const answer = await send<{ token: string; user: { id: number } }>(port, null, endpoints.auth.register, {
      username,
      email: `${username}@crash.test`,
      password: PASSWORD,
    });
    if (!answer.answered || answer.code !== 1)
      throw new Error(`could not register ${username}: ${answer.answered ? answer.msg : answer.error}`);
    members.push({ id: answer.data.user.id, username, token: answer.data.token });
  }
  const { db } = database;
  await db
    .updateTable('users')
    .set({ level: LEVEL_BET, experience: experienceForLevel(LEVEL_BET) })
    .where(
      'id',
      'in',
      members.map((m) => m.id),
    )
    .execute();
  for (const m of members)
    await grantCredit(db, m.id, START, {
      now: Date.now(),
      requestId: `crash-start-${m.id}`,
      note: 'crash test',
    });
  return members;
}
