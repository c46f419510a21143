import { randomUUID } from 'node:crypto';
import { type EndpointDef, endpoints } from '@pixelhall/contract';
import { send } from './api';
import type { Ack, AckKind, Journal } from './journal';
import type { BetEventIds } from './setup';

export interface Member {
  id: number;
  username: string;
  token: string;
}

export interface World {
  port: number;
  members: Member[];
  /** Topics any member may post in, without an age question. */
  topicIds: number[];
  propIds: number[];
  /** The bet event the clients bet on in this round. */
  event: BetEventIds;
}

/** One request as a client means it, and how to read its code-1 answer. */
interface Plan {
  kind: AckKind;
  def: EndpointDef;
  payload: object;
  /** The app may send it again unchanged (an idempotency key or an explicit state). */
  retry: boolean;
  toAck(data: unknown): Ack;
}

type Planner = (member: Member, world: World, journal: Journal) => Plan | null;

const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(Math.random() * list.length)];
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const requestId = () => randomUUID();

const post: Planner = (member, world) => {
  const text = `crash test ${randomUUID()}`;
  const price = Math.random() < 0.3 ? between(5, 40) : 0;
  return {
    kind: 'post',
    def: endpoints.posts.createPost,
    payload: { topic_id: pick(world.topicIds), text, price },
    retry: false,
    toAck: (data) => ({ kind: 'post', userId: member.id, postId: (data as { id: number }).id, text, price }),
  };
};

const comment: Planner = (member, _world, journal) => {
  const target = pick(journal.posts);
  if (!target) return null;
  const text = `crash comment ${randomUUID()}`;
  return {
    kind: 'comment',
    def: endpoints.comments.postComment,
    payload: { post_id: target.postId, text },
    retry: false,
    toAck: (data) => ({
      kind: 'comment',
      userId: member.id,
      commentId: (data as { id: number }).id,
      postId: target.postId,
      text,
    }),
  };
};

const like: Planner = (member, _world, journal) => {
  const target = pick(journal.posts);
  if (!target) return null;
  return {
    kind: 'like',
    def: endpoints.posts.likePost,
    payload: { id: target.postId, like: true },
    retry: true,
    toAck: () => ({ kind: 'like', userId: member.id, postId: target.postId }),
  };
};

const follow: Planner = (member, world) => {
  const other = pick(world.members.filter((m) => m.id !== member.id));
  if (!other) return null;
  return {
    kind: 'follow',
    def: endpoints.follows.userFollow,
    payload: { user_id: other.id, follow: true },
    retry: true,
    toAck: () => ({ kind: 'follow', userId: member.id, followeeId: other.id }),
  };
};

const purchase: Planner = (member, world) => {
  const id = requestId();
  return {
    kind: 'purchase',
    def: endpoints.props.buyProp,
    payload: { prop_id: pick(world.propIds), num: 1, request_id: id },
    retry: true,
    toAck: () => ({ kind: 'purchase', userId: member.id, key: `buy:${member.id}:${id}` }),
  };
};

const exchange: Planner = (member) => {
  const id = requestId();
  return {
    kind: 'exchange',
    def: endpoints.wallet.exchangeDiamonds,
    payload: { diamonds: 1, request_id: id },
    retry: true,
    toAck: () => ({ kind: 'exchange', userId: member.id, key: `exchange:${member.id}:${id}` }),
  };
};

const levelReward: Planner = (member) => {
  const level = between(2, 30);
  return {
    kind: 'level reward',
    def: endpoints.levels.levelReward,
    payload: { level },
    retry: true,
    toAck: () => ({ kind: 'level reward', userId: member.id, key: `level:${member.id}:${level}` }),
  };
};

const unlock: Planner = (member, _world, journal) => {
  const target = pick(journal.posts.filter((p) => p.price > 0 && p.userId !== member.id));
  if (!target) return null;
  return {
    kind: 'unlock',
    def: endpoints.posts.payLink,
    payload: { id: target.postId },
    retry: true,
    toAck: () => ({
      kind: 'unlock',
      userId: member.id,
      postId: target.postId,
      key: `unlock:${target.postId}:${member.id}`,
    }),
  };
};

const bet: Planner = (member, world) => {
  const id = requestId();
  return {
    kind: 'bet',
    def: endpoints.bets.newBet,
    payload: {
      event_id: world.event.id,
      option: pick(world.event.optionIds),
      amount: between(10, 60),
      request_id: id,
    },
    retry: true,
    toAck: (data) => ({
      kind: 'bet',
      userId: member.id,
      betId: (data as { bet: { id: number } }).bet.id,
      key: `bet:${member.id}:${id}`,
    }),
  };
};

/** Weights: community writes and gold-moving calls about half and half. */
const MIX: [number, Planner][] = [
  [16, post],
  [14, comment],
  [14, like],
  [6, follow],
  [12, purchase],
  [12, unlock],
  [10, bet],
  [6, exchange],
  [10, levelReward],
];
const TOTAL_WEIGHT = MIX.reduce((sum, [w]) => sum + w, 0);

function plan(member: Member, world: World, journal: Journal): Plan {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const [weight, planner] of MIX) {
    roll -= weight;
    if (roll < 0) return planner(member, world, journal) ?? post(member, world, journal)!;
  }
  return post(member, world, journal)!;
}

async function execute(port: number, member: Member, p: Plan, journal: Journal): Promise<void> {
  journal.round.sent += 1;
  const outcome = await send(port, member.token, p.def, p.payload);
  if (!outcome.answered) {
    journal.round.unanswered += 1;
    if (p.retry)
      journal.retryable.push({
        kind: p.kind,
        token: member.token,
        def: p.def,
        payload: p.payload,
        toAck: p.toAck,
      });
    return;
  }
  if (outcome.code === 1) journal.acknowledged(p.toAck(outcome.data));
  else journal.refused(outcome.msg);
}

export interface Load {
  /** No client starts another request; those in flight go on. */
  stop(): void;
  /** Every client's last request has ended, answered or not. */
  done: Promise<void>;
}

/** `clients` loops, each a member (round robin) sending the mix back to back. */
export function startLoad(world: World, journal: Journal, clients: number): Load {
  let stopped = false;
  const client = async (member: Member) => {
    while (!stopped) await execute(world.port, member, plan(member, world, journal), journal);
  };
  const running = Array.from({ length: clients }, (_, i) => client(world.members[i % world.members.length]!));
  return {
    stop: () => {
      stopped = true;
    },
    done: Promise.all(running).then(() => undefined),
  };
}

/**
 * Sends the requests the kill cut off again, as the app does after a failed call: each must
 * answer as the first would have, and what it acknowledges joins the acknowledged writes.
 */
export async function retryCutOff(port: number, journal: Journal): Promise<void> {
  for (const r of journal.takeRetryable()) {
    journal.retried += 1;
    const outcome = await send(port, r.token, r.def, r.payload);
    if (!outcome.answered) throw new Error(`a retried ${r.kind} got no answer: ${outcome.error}`);
    if (outcome.code === 1) {
      journal.acknowledgedOnRetry(r.toAck(outcome.data));
    } else journal.refused(outcome.msg);
  }
}
