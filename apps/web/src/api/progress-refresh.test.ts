import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const refreshAfterReward = vi.fn();
const invalidateQueries = vi.fn();
vi.mock('./queries/tasks', () => ({ taskKeys: { all: ['tasks'] }, refreshAfterReward }));
vi.mock('./query-client', () => ({ queryClient: { invalidateQueries } }));

const { emitAppEvent } = await import('../core/events');
const { listenForProgress, refreshProgress } = await import('./progress-refresh');

describe('refreshing what an action earned', () => {
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    refreshAfterReward.mockClear();
    invalidateQueries.mockClear();
    stop = listenForProgress();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('refreshes once after a burst of likes, comments and follows', () => {
    emitAppEvent('like', { postId: 1, liked: true, likeCount: 3 });
    emitAppEvent('like', { postId: 2, liked: true, likeCount: 1 });
    emitAppEvent('comment', { postId: 2, commentCount: 4 });
    emitAppEvent('follow', { userId: 9, followed: true });
    vi.advanceTimersByTime(799);
    expect(refreshAfterReward).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refreshAfterReward).toHaveBeenCalledTimes(1);
    expect(invalidateQueries).toHaveBeenCalledWith({ queryKey: ['tasks'] });
  });

  it('does nothing for taking a like or a follow back, which earns nothing', () => {
    emitAppEvent('like', { postId: 1, liked: false, likeCount: 2 });
    emitAppEvent('follow', { userId: 9, followed: false });
    vi.advanceTimersByTime(5000);
    expect(refreshAfterReward).not.toHaveBeenCalled();
  });

  it('stops listening when the app frame goes', () => {
    stop();
    emitAppEvent('share', { postId: 1, shareCount: 2 });
    vi.advanceTimersByTime(5000);
    expect(refreshAfterReward).not.toHaveBeenCalled();
    refreshProgress();
    vi.advanceTimersByTime(800);
    expect(refreshAfterReward).toHaveBeenCalledTimes(1);
  });
});
