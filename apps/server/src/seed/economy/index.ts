import { experienceForLevel, LEVEL_MAX } from '@pixelhall/contract';
import { type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { DB, TaskProgressTable, TasksTable } from '../../db/schema';
import { betsRepo } from '../../features/bets/repo';
import { winnerPayout } from '../../features/bets/settlement';
import { levelOperationKey } from '../../features/levels/service';
import { levelReward } from '../../features/levels/table';
import { platformShareOf } from '../../features/posts/unlock';
import { checkinGold, checkinOperationKey } from '../../features/progression/service';
import { propsRepo } from '../../features/props/repo';
import { taskOperationKey } from '../../features/tasks/service';
import type { Leg } from '../../features/wallet/ledger';
import { dayOf } from '../../shared/days';
import type { Seeder } from '../index';
import { createRandom, type Random } from '../random';
import { BET_EVENTS, MEMBER_ECONOMY, PURCHASES, UNLOCKS } from './plan';
import { applySteps, netOf, type Step } from './timeline';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The economy opened this long before the seeding clock; opening balances are dated then. */
const LAUNCH_AGO = 30 * DAY;
/** Any fixed number: the same history on every install. */
const ECONOMY_SEED = 0xec0;

interface Member {
  id: number;
  username: string;
  level: number;
  experience: number;
  gold: number;
  diamonds: number;
  /** When the member's economy starts: the launch, or their joining if later. */
  openAt: number;
  /** When they did what newbie tasks count (task action → times, oldest first). */
  did: Record<string, number[]>;
}

type World = Awaited<ReturnType<typeof readWorld>>;

/** The times of each member's posts, comments, likes given and follows, oldest first. */
async function actionTimes(db: Kysely<DB>, ids: number[]): Promise<Map<number, Record<string, number[]>>> {
  const [posts, comments, likes, follows] = await Promise.all([
    db.selectFrom('posts').select(['user_id', 'created_at']).where('user_id', 'in', ids).execute(),
    db.selectFrom('comments').select(['user_id', 'created_at']).where('user_id', 'in', ids).execute(),
    db.selectFrom('post_likes').select(['user_id', 'created_at']).where('user_id', 'in', ids).execute(),
    db
      .selectFrom('follows')
      .select(['follower_id as user_id', 'created_at'])
      .where('follower_id', 'in', ids)
      .execute(),
  ]);
  const times = new Map<number, Record<string, number[]>>(ids.map((id) => [id, {}]));
  const collect = (action: string, rows: Array<{ user_id: number; created_at: number }>) => {
    for (const r of rows) {
      const did = times.get(Number(r.user_id))!;
      did[action] = [...(did[action] ?? []), Number(r.created_at)];
    }
  };
  collect('post', posts);
  collect('comment', comments);
  collect('like', likes);
  collect('follow', follows);
  for (const did of times.values()) for (const list of Object.values(did)) list.sort((a, b) => a - b);
  return times;
}

async function readWorld(db: Kysely<DB>, now: number) {
  const usernames = Object.keys(MEMBER_ECONOMY);
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'level', 'experience', 'gold', 'diamonds', 'avatar', 'created_at'])
    .where((eb) => eb.fn('lower', ['username']), 'in', usernames)
    .execute();
  const times = await actionTimes(
    db,
    rows.map((r) => Number(r.id)),
  );
  const members = new Map<string, Member>();
  for (const r of rows) {
    const joined = Number(r.created_at);
    members.set(r.username.toLowerCase(), {
      id: Number(r.id),
      username: r.username,
      level: Number(r.level),
      experience: Number(r.experience),
      gold: Number(r.gold),
      diamonds: Number(r.diamonds),
      openAt: Math.max(now - LAUNCH_AGO, joined + HOUR),
      // The demo avatars came with joining.
      did: { ...times.get(Number(r.id)), ...(r.avatar ? { avatar: [joined] } : {}) },
    });
  }
  const member = (username: string) => {
    const m = members.get(username);
    if (!m) throw new Error(`demo economy: member ${username} is missing`);
    return m;
  };
  for (const username of usernames) member(username);

  const paidPosts = await db
    .selectFrom('posts')
    .select(['id', 'user_id', 'price', 'created_at'])
    .where('price', '>', 0)
    .orderBy('id')
    .execute();
  const props = new Map(
    (await db.selectFrom('props').selectAll().execute()).map((p) => [p.code, p] as const),
  );
  const tasks = new Map(
    (await db.selectFrom('tasks').selectAll().execute()).map((t) => [t.code, t] as const),
  );
  return { members, member, paidPosts, props, tasks };
}

/** Something between two times, by the random: spreads a day's doings over the day. */
const between = (rnd: Random, from: number, to: number) =>
  from + Math.floor(rnd.next() * Math.max(0, to - from));

/** Each member claimed their level rewards in one sitting, a little after the launch. */
function levelClaims(world: World, rnd: Random, now: number): Step[] {
  const steps: Step[] = [];
  for (const [username, plan] of Object.entries(MEMBER_ECONOMY)) {
    const m = world.member(username);
    if (plan.claimedUpTo > m.level)
      throw new Error(`demo economy: ${username} claims above level ${m.level}`);
    const sitting = between(rnd, m.openAt + 2 * HOUR, Math.min(m.openAt + 2 * DAY, now - DAY));
    for (let level = 2; level <= plan.claimedUpTo; level++) {
      const reward = levelReward(level);
      if (reward.gold === 0 && reward.diamonds === 0) continue;
      steps.push({
        at: sitting + (level - 2) * 20_000,
        op: {
          key: levelOperationKey(m.id, level),
          userId: m.id,
          kind: 'level_reward',
          refType: 'level',
          refId: level,
        },
        reward: { source: 'level', sourceId: level, reason: 'level_reward', ...reward },
      });
    }
  }
  return steps;
}

/**
 * Check-ins on each day of the member's run up to yesterday (today's is the app's start-up to
 * make), with the day's login task, claimed on most of those days.
 */
function checkins(world: World, rnd: Random, now: number, progress: Insertable<TaskProgressTable>[]): Step[] {
  const steps: Step[] = [];
  const login = world.tasks.get('daily_login');
  if (!login) throw new Error('demo economy: the daily_login task is missing');
  const today = dayOf(now);
  for (const [username, plan] of Object.entries(MEMBER_ECONOMY)) {
    const m = world.member(username);
    for (let streak = 1; streak <= plan.streak; streak++) {
      const day = today - plan.streak + streak - 1;
      const at = Math.max(day * DAY + between(rnd, 7 * HOUR, 23 * HOUR), m.openAt + MINUTE);
      if (dayOf(at) !== day) throw new Error(`demo economy: ${username} checks in before joining`);
      steps.push({
        at,
        op: {
          key: checkinOperationKey(m.id, day),
          userId: m.id,
          kind: 'checkin_reward',
          refType: 'checkin',
          refId: day,
        },
        reward: {
          source: 'checkin',
          sourceId: day,
          reason: 'checkin_reward',
          gold: checkinGold(streak),
          diamonds: 0,
        },
      });
      const claimedAt = rnd.chance(0.7) ? at + between(rnd, MINUTE, 10 * MINUTE) : null;
      progress.push({
        user_id: m.id,
        task_id: Number(login.id),
        period: day,
        progress: 1,
        updated_at: at,
        claimed_at: claimedAt,
      });
      if (claimedAt !== null) steps.push(taskClaim(m.id, login, day, claimedAt));
    }
  }
  return steps;
}

function taskClaim(userId: number, task: Selectable<TasksTable>, period: number, at: number): Step {
  const taskId = Number(task.id);
  return {
    at,
    op: {
      key: taskOperationKey(userId, taskId, period),
      userId,
      kind: 'task_reward',
      refType: 'task',
      refId: taskId,
    },
    reward: {
      source: 'task',
      sourceId: taskId,
      reason: 'task_reward',
      gold: Number(task.reward_gold),
      diamonds: Number(task.reward_diamonds),
      experience: Number(task.reward_experience),
    },
  };
}

/**
 * Newbie tasks as far as the member has done them (avatar, posts, comments, follows, likes
 * given, read from the demo community): a done task is claimed a little after it was done (or
 * after the launch, for what was done before), except those the plan leaves for the demo to
 * claim and those done just now; half-done ones show their progress.
 */
function newbieTasks(
  world: World,
  rnd: Random,
  now: number,
  progress: Insertable<TaskProgressTable>[],
): Step[] {
  const steps: Step[] = [];
  const newbie = [...world.tasks.values()]
    .filter((t) => t.kind === 'newbie')
    .sort((a, b) => a.position - b.position);
  for (const [username, plan] of Object.entries(MEMBER_ECONOMY)) {
    const m = world.member(username);
    for (const task of newbie) {
      const target = Number(task.target);
      const did = m.did[task.action] ?? [];
      const count = Math.min(did.length, target);
      if (count === 0) continue;
      const reached = Math.max(did[count - 1]!, m.openAt);
      const at = between(rnd, reached + 10 * MINUTE, Math.min(reached + 2 * DAY, now - 10 * MINUTE));
      const claim = count === target && at < now && !plan.unclaimedNewbie?.includes(task.code);
      progress.push({
        user_id: m.id,
        task_id: Number(task.id),
        period: 0,
        progress: count,
        updated_at: reached,
        claimed_at: claim ? at : null,
      });
      if (claim) steps.push(taskClaim(m.id, task, 0, at));
    }
  }
  return steps;
}

/** pay/link as the wallet feature does it, before the member's first like or comment on the post. */
async function unlocks(db: Kysely<DB>, world: World, rnd: Random, now: number): Promise<Step[]> {
  const steps: Step[] = [];
  for (const u of UNLOCKS) {
    const m = world.member(u.by);
    const author = world.member(u.postBy);
    const post = world.paidPosts.find((p) => Number(p.user_id) === author.id && Number(p.price) === u.price);
    if (!post) throw new Error(`demo economy: ${u.postBy} has no post priced ${u.price}`);
    const postId = Number(post.id);
    const [liked, commented] = await Promise.all([
      db
        .selectFrom('post_likes')
        .select((eb) => eb.fn.min<number>('created_at').as('at'))
        .where('post_id', '=', postId)
        .where('user_id', '=', m.id)
        .executeTakeFirst(),
      db
        .selectFrom('comments')
        .select((eb) => eb.fn.min<number>('created_at').as('at'))
        .where('post_id', '=', postId)
        .where('user_id', '=', m.id)
        .executeTakeFirst(),
    ]);
    const touched = [liked?.at, commented?.at].filter((t) => t !== null && t !== undefined).map(Number);
    const from = Math.max(Number(post.created_at), m.openAt) + MINUTE;
    const to = touched.length > 0 ? Math.min(...touched) - MINUTE : Math.min(from + 2 * DAY, now - HOUR);
    const at = between(rnd, from, to);
    const share = platformShareOf(u.price);
    const ref = { refType: 'post', refId: postId };
    const legs: Leg[] = [
      { userId: m.id, currency: 'gold', amount: -u.price, reason: 'post_unlock', ...ref },
      { userId: author.id, currency: 'gold', amount: u.price - share, reason: 'post_sale', ...ref },
    ];
    if (share > 0)
      legs.push({ userId: null, currency: 'gold', amount: share, reason: 'platform_share', ...ref });
    steps.push({
      at,
      op: { key: `unlock:${postId}:${m.id}`, userId: m.id, kind: 'post_unlock', ...ref },
      legs: () => legs,
      after: async (trx) => {
        await trx
          .insertInto('post_unlocks')
          .values({ post_id: postId, user_id: m.id, created_at: at })
          .execute();
      },
    });
  }
  return steps;
}

/** buy/prop: the price through the ledger and a lot in the member's bag that expires with its shelf life. */
function purchases(world: World, now: number): Step[] {
  return PURCHASES.map((p, n) => {
    const m = world.member(p.by);
    const prop = world.props.get(p.prop);
    if (!prop) throw new Error(`demo economy: the prop ${p.prop} is missing`);
    const at = Math.round(now - p.daysAgo * DAY);
    const key = `buy:${m.id}:seed-buy-${String(n + 1).padStart(2, '0')}`;
    const ref = { refType: 'prop', refId: Number(prop.id) };
    const legs: Leg[] = [
      {
        userId: m.id,
        currency: prop.currency,
        amount: -Number(prop.price) * p.num,
        reason: 'prop_purchase',
        ...ref,
      },
    ];
    return {
      at,
      op: { key, userId: m.id, kind: 'prop_purchase', ...ref },
      legs: () => legs,
      after: (trx) =>
        propsRepo(trx).addLot({
          userId: m.id,
          propId: Number(prop.id),
          count: p.num,
          expiresAt: prop.shelf_days === null ? null : at + Number(prop.shelf_days) * DAY,
          operationKey: key,
          now: at,
        }),
    };
  });
}

/**
 * The bet events (written now, as an operator's bets:create would have), their stakes (new/bet)
 * and the settlements of the finished ones (bets:settle): winners get the gross prize and pay
 * the service charge as its own leg, the house gets the charge, losers are marked lost.
 */
async function bets(db: Kysely<DB>, world: World, now: number): Promise<Step[]> {
  const steps: Step[] = [];
  const repo = betsRepo(db);
  for (const [e, plan] of BET_EVENTS.entries()) {
    const closeAt = now + plan.closeIn;
    const startAt = now + plan.startIn;
    const firstBet = Math.min(...plan.bets.map((b) => closeAt - b.before));
    const eventId = await repo.insertEvent(
      { title: plan.title, description: plan.description, closeAt, startAt },
      plan.options,
      Math.min(closeAt - 4 * DAY, firstBet - HOUR),
    );
    const options = await repo.optionsOf([eventId]);
    const optionOf = (label: string) => {
      const o = options.find((x) => x.label === label);
      if (!o) throw new Error(`demo economy: "${plan.title}" has no side ${label}`);
      return o;
    };
    const placed: Array<{ key: string; userId: number; option: number; amount: number; oddsX100: number }> =
      [];
    const betIds = new Map<string, number>();
    for (const [b, bet] of plan.bets.entries()) {
      const m = world.member(bet.by);
      const option = optionOf(bet.on);
      const key = `bet:${m.id}:seed-bet-${e + 1}-${b + 1}`;
      const at = closeAt - bet.before;
      const stake = {
        key,
        userId: m.id,
        option: Number(option.id),
        amount: bet.amount,
        oddsX100: option.odds_x100,
      };
      placed.push(stake);
      steps.push({
        at,
        op: { key, userId: m.id, kind: 'bet', refType: 'bet_event', refId: eventId },
        before: async (trx) => {
          const id = await betsRepo(trx).insertBet({
            ...stake,
            eventId,
            optionId: stake.option,
            operationKey: key,
            now: at,
          });
          betIds.set(key, id);
          return id;
        },
        legs: (id) => [
          {
            userId: m.id,
            currency: 'gold',
            amount: -bet.amount,
            reason: 'bet_stake',
            refType: 'bet',
            refId: id ?? null,
          },
        ],
      });
    }
    if (!plan.settled) continue;
    const settledAt = startAt + plan.settled.after;
    const winner = Number(optionOf(plan.settled.winner).id);
    const won = placed.filter((p) => p.option === winner);
    steps.push({
      at: settledAt,
      op: {
        key: `settle:${eventId}:0`,
        userId: null,
        kind: 'bet_settlement',
        refType: 'bet_event',
        refId: eventId,
      },
      before: async (trx) => {
        if (!(await betsRepo(trx).markSettled(eventId, winner, settledAt)))
          throw new Error(`demo economy: "${plan.title}" cannot be settled`);
        return eventId;
      },
      legs: () =>
        won.flatMap((p) => winnerPayout(p.userId, betIds.get(p.key) ?? 0, p.amount, p.oddsX100).legs),
      after: async (trx) => {
        const tx = betsRepo(trx);
        for (const p of won) {
          const payout = winnerPayout(p.userId, betIds.get(p.key)!, p.amount, p.oddsX100);
          await tx.markWon(betIds.get(p.key)!, payout.prize, payout.charge, settledAt);
        }
        await tx.markLost(eventId, winner, settledAt);
      },
    });
  }
  return steps;
}

/** The opening grant that makes each member's history end at the plan's balances. */
function openingGrants(world: World, history: readonly Step[]): Step[] {
  const net = netOf(history);
  const steps: Step[] = [];
  for (const [username, plan] of Object.entries(MEMBER_ECONOMY)) {
    const m = world.member(username);
    const legs: Leg[] = [];
    for (const currency of ['gold', 'diamonds'] as const) {
      const amount = plan[currency] - m[currency] - (net.get(m.id)?.[currency] ?? 0);
      if (amount < 0)
        throw new Error(
          `demo economy: ${username}'s history earns ${-amount} ${currency} more than the plan's balance`,
        );
      if (amount > 0) legs.push({ userId: m.id, currency, amount, reason: 'grant' });
    }
    if (legs.length === 0) continue;
    steps.push({
      at: m.openAt,
      op: { key: `grant:${m.id}:seed`, userId: m.id, kind: 'grant', refType: 'demo world opening balance' },
      legs: () => legs,
    });
  }
  return steps;
}

/**
 * A living economy on a fresh install: opening balances, claimed level rewards, check-in runs,
 * newbie and daily tasks, paid posts bought, props in bags, and bets waiting, in game, won and
 * lost, every coin of it through the ledger, so that each balance is the sum of its rows.
 * Experience sits inside each member's level; achievements are left for the server to catch up
 * on (my/achieves), which pays their tiers when a member first looks.
 */
export const seedDemoEconomy: Seeder = {
  name: 'demo-economy',
  async run(db, { now }) {
    const rnd = createRandom(ECONOMY_SEED);
    const world = await readWorld(db, now);
    const progress: Insertable<TaskProgressTable>[] = [];
    const history = [
      ...levelClaims(world, rnd, now),
      ...checkins(world, rnd, now, progress),
      ...newbieTasks(world, rnd, now, progress),
      ...(await unlocks(db, world, rnd, now)),
      ...purchases(world, now),
      ...(await bets(db, world, now)),
    ];
    await applySteps(db, [...openingGrants(world, history), ...history]);
    if (progress.length > 0) await db.insertInto('task_progress').values(progress).execute();

    const yesterday = dayOf(now) - 1;
    for (const [username, plan] of Object.entries(MEMBER_ECONOMY)) {
      const m = world.member(username);
      const floor = experienceForLevel(m.level);
      const step = m.level >= LEVEL_MAX ? 2_000 : experienceForLevel(m.level + 1) - floor;
      const experience = Math.max(m.experience, floor + Math.min(step - 1, Math.floor(step * plan.progress)));
      await db
        .updateTable('users')
        .set({
          experience,
          ...(plan.streak > 0
            ? {
                checkin_day: yesterday,
                checkin_streak: plan.streak,
                checkin_days: sql<number>`checkin_days + ${plan.streak}`,
              }
            : {}),
        })
        .where('id', '=', m.id)
        .execute();
    }
  },
};
