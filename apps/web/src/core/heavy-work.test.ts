import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps its state from the moment it loads: each test loads a fresh copy.
async function load() {
  vi.resetModules();
  return import('./heavy-work');
}

describe('afterHeavyWork', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits the quiet time from the app start when nothing heavy runs', async () => {
    const { afterHeavyWork } = await load();
    const done = vi.fn();
    void afterHeavyWork(5000).then(done);
    await vi.advanceTimersByTimeAsync(4999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('waits while heavy work runs, and the quiet time again after it ends', async () => {
    const { afterHeavyWork, holdHeavyWork } = await load();
    await vi.advanceTimersByTimeAsync(1000);
    const release = holdHeavyWork();
    const done = vi.fn();
    void afterHeavyWork(5000).then(done);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(done).not.toHaveBeenCalled();
    release();
    await vi.advanceTimersByTimeAsync(4999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledOnce();
  });

  it('counts overlapping holds, and a release called twice only once', async () => {
    const { afterHeavyWork, holdHeavyWork } = await load();
    const game = holdHeavyWork();
    const download = holdHeavyWork();
    const done = vi.fn();
    void afterHeavyWork(100).then(done);
    game();
    game();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(done).not.toHaveBeenCalled();
    download();
    await vi.advanceTimersByTimeAsync(100);
    expect(done).toHaveBeenCalledOnce();
  });

  it('starts the quiet time over when work comes and goes before it is up', async () => {
    const { afterHeavyWork, holdHeavyWork } = await load();
    const done = vi.fn();
    void afterHeavyWork(5000).then(done);
    await vi.advanceTimersByTimeAsync(3000);
    holdHeavyWork()();
    await vi.advanceTimersByTimeAsync(4999);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledOnce();
  });
});
