import type { MiningConfig } from '@pixelhall/contract';

export interface CycleTime {
  start_time: number;
  end_time: number;
  time: number;
}

export const NO_CYCLE: CycleTime = { start_time: 0, end_time: 0, time: 0 };

/**
 * The mining cycle at `now`. While mining is on, cycles of `cycle_minutes` follow each other with
 * `rest_seconds` between them, aligned to the UTC epoch: cycle n runs from n × (cycle + rest) for
 * `cycle_minutes`. Every server process computes the same cycles without sharing any state. In
 * the rest, or while mining is off, the answer is all zeros: the app polls again every 2 s while
 * `time` is 0 (docs/product/tasks-achievements-mining.md#mining-bar).
 */
export function cycleAt(
  now: number,
  config: Pick<MiningConfig, 'mining_button' | 'cycle_minutes' | 'rest_seconds'>,
): CycleTime {
  if (!config.mining_button) return NO_CYCLE;
  const length = config.cycle_minutes * 60_000;
  const period = length + config.rest_seconds * 1000;
  const start = Math.floor(now / period) * period;
  const end = start + length;
  return now < end ? { start_time: start, end_time: end, time: now } : NO_CYCLE;
}
