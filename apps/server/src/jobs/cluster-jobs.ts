import type { Config } from '../config';
import type { Services } from '../services';
import type { ScheduledJob } from './scheduler';

/** How often partial uploads nobody writes to any more are looked for. */
export const ABANDONED_UPLOADS_INTERVAL_MS = 60 * 60 * 1000;

/** The server's background work, each run once per period by one server of the cluster. */
export function clusterJobs(services: Services, config: Config): ScheduledJob[] {
  return [
    {
      name: 'hot-score',
      // 0 turns it off: tests score by hand when they mean to.
      intervalMs: config.hotScoreIntervalMs,
      run: () => services.hotScore.run(),
    },
    {
      name: 'abandoned-uploads',
      intervalMs: ABANDONED_UPLOADS_INTERVAL_MS,
      run: () => services.bigUploads.sweep(),
    },
  ];
}
