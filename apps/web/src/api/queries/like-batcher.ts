/** What a member sees of their like on a post. */
export interface LikeState {
  liked: boolean;
  likeCount: number;
}

interface Pending {
  /** The last state the server confirmed (or the state before the first tap). */
  confirmed: LikeState;
  /** What the member wants now: flips with every tap. */
  desired: boolean;
  shown: LikeState;
  timer: ReturnType<typeof setTimeout> | null;
  inFlight: boolean;
  /** The server has answered at least once, so `confirmed` is news to the rest of the app. */
  answered: boolean;
}

export interface LikeBatcherOptions {
  /** Taps closer than this are one gesture (DOUBLE_TAP_MS, docs/product/posts-and-feeds.md#reading-a-post). */
  delayMs: number;
  /** Sends the explicit state; answers the server's state. */
  send(postId: number, like: boolean): Promise<LikeState>;
  /** The state to show at once (optimistic, or put back after a failure). */
  show(postId: number, state: LikeState): void;
  /** The server agreed to what the member wants: the answer everyone else should see. */
  confirmed(postId: number, state: LikeState): void;
}

/**
 * Collapses rapid taps on a post's like into at most one request per settled intent: every
 * tap flips what is shown at once, the request goes out only once taps have stopped for
 * `delayMs`, and it carries the explicit state (so a retry or a duplicate changes nothing).
 * A double tap that ends where it began sends nothing. Taps during a request are sent after it.
 */
export function createLikeBatcher(options: LikeBatcherOptions) {
  const pending = new Map<number, Pending>();

  const flush = (postId: number, entry: Pending) => {
    entry.timer = null;
    if (entry.inFlight) return;
    if (entry.desired === entry.confirmed.liked) {
      pending.delete(postId);
      if (entry.answered) options.confirmed(postId, entry.confirmed);
      else options.show(postId, entry.confirmed);
      return;
    }
    entry.inFlight = true;
    const wanted = entry.desired;
    options.send(postId, wanted).then(
      (answer) => {
        entry.inFlight = false;
        entry.confirmed = answer;
        entry.answered = true;
        if (entry.timer) return;
        if (entry.desired !== answer.liked) {
          flush(postId, entry);
          return;
        }
        pending.delete(postId);
        options.confirmed(postId, answer);
      },
      () => {
        entry.inFlight = false;
        if (entry.timer) clearTimeout(entry.timer);
        pending.delete(postId);
        if (entry.answered) options.confirmed(postId, entry.confirmed);
        else options.show(postId, entry.confirmed);
      },
    );
  };

  return {
    /** One tap on the like of a post currently shown as `current`; answers what to show. */
    tap(postId: number, current: LikeState): LikeState {
      let entry = pending.get(postId);
      if (!entry) {
        entry = {
          confirmed: current,
          desired: current.liked,
          shown: current,
          timer: null,
          inFlight: false,
          answered: false,
        };
        pending.set(postId, entry);
      }
      entry.desired = !entry.desired;
      const base = entry.shown;
      const delta = entry.desired === base.liked ? 0 : entry.desired ? 1 : -1;
      entry.shown = { liked: entry.desired, likeCount: Math.max(0, base.likeCount + delta) };
      options.show(postId, entry.shown);
      if (entry.timer) clearTimeout(entry.timer);
      const scheduled = entry;
      entry.timer = setTimeout(() => flush(postId, scheduled), options.delayMs);
      return entry.shown;
    },
    /** Whether a like of this post is still waiting or being sent (for tests and debugging). */
    isPending(postId: number): boolean {
      return pending.has(postId);
    },
  };
}
