import { MINING_POLL_RETRY_MS, MINING_TICK_MS } from '@pixelhall/contract';

/** What cycle/time answers: epoch ms, `time` 0 between cycles or while mining is off. */
export interface CycleTime {
  start_time: number;
  end_time: number;
  time: number;
}

/**
 * The mine button's bar (docs/product/tasks-achievements-mining.md#mining-bar): `waiting` while there is no cycle to show (time 0, or the
 * answer has not come), `running` while it ticks, `full` once it reached the end.
 */
export type MiningBar =
  | { phase: 'waiting' }
  | { phase: 'running' | 'full'; start: number; end: number; time: number };

/** What the bar does next, and after how long. */
export interface MiningNext {
  kind: 'poll' | 'tick';
  delay: number;
}

export interface MiningStep {
  bar: MiningBar;
  next: MiningNext;
}

export const MINING_BAR_INITIAL: MiningBar = { phase: 'waiting' };

const pollAgain: MiningNext = { kind: 'poll', delay: MINING_POLL_RETRY_MS };
const tickAgain: MiningNext = { kind: 'tick', delay: MINING_TICK_MS };

function at(start: number, end: number, time: number): MiningStep {
  const clamped = Math.min(time, end);
  return clamped >= end
    ? { bar: { phase: 'full', start, end, time: clamped }, next: pollAgain }
    : { bar: { phase: 'running', start, end, time: clamped }, next: tickAgain };
}

/**
 * The answer of a poll (null when it failed). Time 0 means no cycle: poll again in 2 s.
 * Otherwise tick from the server's time, or, already at the end, wait 2 s and poll again.
 */
export function onCycle(cycle: CycleTime | null): MiningStep {
  if (!cycle || cycle.time <= 0 || cycle.end_time <= cycle.start_time) {
    return { bar: MINING_BAR_INITIAL, next: pollAgain };
  }
  return at(cycle.start_time, cycle.end_time, cycle.time);
}

/** One second later on the local clock; at 100 % the ticking stops and a poll follows in 2 s. */
export function onTick(bar: MiningBar): MiningStep {
  if (bar.phase !== 'running') return { bar, next: pollAgain };
  return at(bar.start, bar.end, bar.time + MINING_TICK_MS);
}

/** How full the bar is, 0 to 1: elapsed over total. */
export function miningProgress(bar: MiningBar): number {
  if (bar.phase === 'waiting') return 0;
  const ratio = (bar.time - bar.start) / (bar.end - bar.start);
  return Math.min(1, Math.max(0, ratio));
}

/**
 * Runs the bar: polls at once, then follows `onCycle` / `onTick` with timers. Returns the
 * function that stops it; an answer arriving after that is ignored.
 */
export function runMiningBar(options: {
  fetchCycle: (signal: AbortSignal) => Promise<CycleTime>;
  onChange: (bar: MiningBar) => void;
}): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let bar = MINING_BAR_INITIAL;

  const apply = (step: MiningStep) => {
    if (controller.signal.aborted) return;
    bar = step.bar;
    options.onChange(bar);
    timer = setTimeout(step.next.kind === 'poll' ? poll : tick, step.next.delay);
  };
  const poll = async () => {
    let cycle: CycleTime | null = null;
    try {
      cycle = await options.fetchCycle(controller.signal);
    } catch {
      // A failed poll is retried like an empty one, 2 s later.
    }
    apply(onCycle(cycle));
  };
  const tick = () => apply(onTick(bar));

  void poll();
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}
