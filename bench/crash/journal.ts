import type { EndpointDef } from '@pixelhall/contract';

/**
 * A write the server answered with code 1, with what identifies it in the database. A client
 * that saw code 1 may count on it: every one of these must survive any later crash.
 */
export type Ack =
  | { kind: 'post'; userId: number; postId: number; text: string; price: number }
  | { kind: 'comment'; userId: number; commentId: number; postId: number; text: string }
  | { kind: 'like'; userId: number; postId: number }
  | { kind: 'follow'; userId: number; followeeId: number }
  | { kind: 'purchase'; userId: number; key: string }
  | { kind: 'exchange'; userId: number; key: string }
  | { kind: 'level reward'; userId: number; key: string }
  | { kind: 'unlock'; userId: number; postId: number; key: string }
  | { kind: 'bet'; userId: number; betId: number; key: string };

export type AckKind = Ack['kind'];

/**
 * A request that got no answer (the server died under it) and that the app may send again as
 * it was: the same idempotency key, or an explicit state. `toAck` reads the repeat's answer.
 */
export interface Retryable {
  kind: AckKind;
  token: string;
  def: EndpointDef;
  payload: object;
  toAck(data: unknown): Ack;
}

export interface RoundCounts {
  sent: number;
  acknowledged: number;
  refused: number;
  /** Cut off by the kill: written or not, the client cannot know. */
  unanswered: number;
}

export class Journal {
  readonly acks: Ack[] = [];
  /** The acknowledged posts: what comments, likes and unlocks aim at. */
  readonly posts: Extract<Ack, { kind: 'post' }>[] = [];
  readonly retryable: Retryable[] = [];
  /** Answers other than code 1 (not enough gold, rate limits …), by message. */
  readonly refusals = new Map<string, number>();
  retried = 0;
  retriedAcknowledged = 0;
  round: RoundCounts = { sent: 0, acknowledged: 0, refused: 0, unanswered: 0 };

  newRound(): void {
    this.round = { sent: 0, acknowledged: 0, refused: 0, unanswered: 0 };
  }

  acknowledged(ack: Ack): void {
    this.acks.push(ack);
    if (ack.kind === 'post') this.posts.push(ack);
    this.round.acknowledged += 1;
  }

  acknowledgedOnRetry(ack: Ack): void {
    this.acks.push(ack);
    this.retriedAcknowledged += 1;
  }

  refused(msg: string): void {
    this.refusals.set(msg, (this.refusals.get(msg) ?? 0) + 1);
    this.round.refused += 1;
  }

  /** The unanswered requests worth sending again, taken out of the journal. */
  takeRetryable(): Retryable[] {
    return this.retryable.splice(0);
  }

  countByKind(): Map<AckKind, number> {
    const counts = new Map<AckKind, number>();
    for (const ack of this.acks) counts.set(ack.kind, (counts.get(ack.kind) ?? 0) + 1);
    return counts;
  }
}
