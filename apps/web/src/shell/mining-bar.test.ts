import { MINING_POLL_RETRY_MS, MINING_TICK_MS } from '@pixelhall/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CycleTime, type MiningBar, miningProgress, onCycle, onTick, runMiningBar } from './mining-bar';

const cycle = (start: number, end: number, time: number): CycleTime => ({
  start_time: start,
  end_time: end,
  time,
});

describe('mining bar steps', () => {
  it('polls again in 2 s while time is 0 or the poll failed', () => {
    expect(onCycle(cycle(0, 0, 0))).toEqual({
      bar: { phase: 'waiting' },
      next: { kind: 'poll', delay: MINING_POLL_RETRY_MS },
    });
    expect(onCycle(null).next).toEqual({ kind: 'poll', delay: 2000 });
  });

  it('ticks every second from the server time and fills from elapsed over total', () => {
    const step = onCycle(cycle(10_000, 20_000, 12_500));
    expect(step.next).toEqual({ kind: 'tick', delay: MINING_TICK_MS });
    expect(miningProgress(step.bar)).toBe(0.25);
    const next = onTick(step.bar);
    expect(next.bar).toEqual({ phase: 'running', start: 10_000, end: 20_000, time: 13_500 });
    expect(miningProgress(next.bar)).toBe(0.35);
  });

  it('stops at 100 % and polls again after 2 s', () => {
    const last = onTick({ phase: 'running', start: 0, end: 5000, time: 4500 });
    expect(last.bar).toEqual({ phase: 'full', start: 0, end: 5000, time: 5000 });
    expect(miningProgress(last.bar)).toBe(1);
    expect(last.next).toEqual({ kind: 'poll', delay: 2000 });
    // A cycle already over when it arrives is full at once.
    expect(onCycle(cycle(0, 5000, 9000)).bar).toEqual({ phase: 'full', start: 0, end: 5000, time: 5000 });
  });

  it('keeps the fill between 0 and 1 and treats an empty cycle as none', () => {
    expect(miningProgress({ phase: 'waiting' })).toBe(0);
    expect(miningProgress({ phase: 'running', start: 1000, end: 2000, time: 500 })).toBe(0);
    expect(onCycle(cycle(5000, 5000, 5000)).bar).toEqual({ phase: 'waiting' });
  });
});

describe('runMiningBar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(answers: Array<CycleTime | Error>) {
    const bars: MiningBar[] = [];
    const fetchCycle = vi.fn(async () => {
      const answer = answers.shift() ?? cycle(0, 0, 0);
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const stop = runMiningBar({ fetchCycle, onChange: (bar) => bars.push(bar) });
    return { bars, fetchCycle, stop };
  }

  it('polls every 2 s while time is 0, then ticks, stops at 100 % and polls 2 s later', async () => {
    const { bars, fetchCycle, stop } = setup([
      cycle(0, 0, 0),
      new Error('Load failed'),
      cycle(100_000, 103_000, 101_000),
      cycle(0, 0, 0),
    ]);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchCycle).toHaveBeenCalledTimes(1);
    expect(bars.at(-1)).toEqual({ phase: 'waiting' });

    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchCycle).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCycle).toHaveBeenCalledTimes(2); // failed: retried like time 0
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchCycle).toHaveBeenCalledTimes(3);
    expect(miningProgress(bars.at(-1)!)).toBeCloseTo(1 / 3);

    // Ticks advance the local time without asking the server.
    await vi.advanceTimersByTimeAsync(1000);
    expect(miningProgress(bars.at(-1)!)).toBeCloseTo(2 / 3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(bars.at(-1)).toMatchObject({ phase: 'full', time: 103_000 });
    expect(fetchCycle).toHaveBeenCalledTimes(3);

    // Full: no more ticks; the next poll comes 2 s later.
    const shown = bars.length;
    await vi.advanceTimersByTimeAsync(1999);
    expect(bars.length).toBe(shown);
    expect(fetchCycle).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCycle).toHaveBeenCalledTimes(4);
    expect(bars.at(-1)).toEqual({ phase: 'waiting' });
    stop();
  });

  it('does nothing more once stopped, even when an answer arrives late', async () => {
    let resolve: (c: CycleTime) => void = () => {};
    const onChange = vi.fn();
    const fetchCycle = vi.fn(() => new Promise<CycleTime>((r) => (resolve = r)));
    const stop = runMiningBar({ fetchCycle, onChange });
    stop();
    resolve(cycle(0, 10_000, 5000));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onChange).not.toHaveBeenCalled();
    expect(fetchCycle).toHaveBeenCalledTimes(1);
  });
});
