import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLikeBatcher, type LikeState } from './like-batcher';

const DELAY = 250;

function setup(answer?: (like: boolean) => Promise<LikeState>) {
  const sent: boolean[] = [];
  const shown: LikeState[] = [];
  const confirmed: LikeState[] = [];
  let count = 10;
  const batcher = createLikeBatcher({
    delayMs: DELAY,
    send: async (_postId, like) => {
      sent.push(like);
      if (answer) return answer(like);
      count += like ? 1 : -1;
      return { liked: like, likeCount: count };
    },
    show: (_postId, state) => shown.push(state),
    confirmed: (_postId, state) => confirmed.push(state),
  });
  return { batcher, sent, shown, confirmed };
}

describe('createLikeBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a tap at once and sends the explicit state once the taps settle', async () => {
    const { batcher, sent, shown, confirmed } = setup();
    expect(batcher.tap(1, { liked: false, likeCount: 10 })).toEqual({ liked: true, likeCount: 11 });
    expect(shown).toEqual([{ liked: true, likeCount: 11 }]);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(sent).toEqual([true]);
    expect(confirmed).toEqual([{ liked: true, likeCount: 11 }]);
    expect(batcher.isPending(1)).toBe(false);
  });

  it('collapses a double tap that ends where it began into no request at all', async () => {
    const { batcher, sent, shown, confirmed } = setup();
    batcher.tap(1, { liked: false, likeCount: 10 });
    await vi.advanceTimersByTimeAsync(DELAY / 2);
    batcher.tap(1, { liked: true, likeCount: 11 });
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(sent).toEqual([]);
    expect(confirmed).toEqual([]);
    expect(shown.at(-1)).toEqual({ liked: false, likeCount: 10 });
  });

  it('sends one request for three rapid taps', async () => {
    const { batcher, sent } = setup();
    for (let i = 0; i < 3; i += 1) {
      batcher.tap(1, { liked: false, likeCount: 10 });
      await vi.advanceTimersByTimeAsync(DELAY / 3);
    }
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(sent).toEqual([true]);
  });

  it('sends a tap made during a request after it, with the newer state', async () => {
    let release: (state: LikeState) => void = () => {};
    const { batcher, sent, confirmed } = setup((like) =>
      like
        ? new Promise<LikeState>((resolve) => {
            release = resolve;
          })
        : Promise.resolve({ liked: false, likeCount: 10 }),
    );
    batcher.tap(1, { liked: false, likeCount: 10 });
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(sent).toEqual([true]);
    batcher.tap(1, { liked: true, likeCount: 11 });
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(sent).toEqual([true]);
    release({ liked: true, likeCount: 11 });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([true, false]);
    expect(confirmed).toEqual([{ liked: false, likeCount: 10 }]);
  });

  it('puts back the last confirmed state when the request fails', async () => {
    const { batcher, shown, confirmed } = setup(() => Promise.reject(new Error('offline')));
    batcher.tap(1, { liked: false, likeCount: 10 });
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(shown.at(-1)).toEqual({ liked: false, likeCount: 10 });
    expect(confirmed).toEqual([]);
    expect(batcher.isPending(1)).toBe(false);
  });

  it('keeps posts apart', async () => {
    const { batcher, sent } = setup();
    batcher.tap(1, { liked: false, likeCount: 10 });
    batcher.tap(2, { liked: true, likeCount: 3 });
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(sent.sort()).toEqual([false, true]);
  });
});
