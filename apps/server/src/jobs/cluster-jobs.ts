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
    {
      // Stored files nothing refers to any more (features/file-lifetime); 0 turns it off.
      name: 'file-sweep',
      intervalMs: config.fileSweepIntervalMs,
      run: () => services.fileSweep.run(),
    },
    {
      name: 'account-exports',
      // Builds the exports members asked for and drops expired ones; 0 turns it off (tests run it).
      intervalMs: config.accountExportIntervalMs,
      run: () => services.accountExports.run(),
    },
    {
      // Accounts whose 30 days to change their mind are over (features/account-deletion).
      name: 'account-erasure',
      intervalMs: config.accountErasureIntervalMs,
      run: () => services.accountDeletion.eraseDue(),
    },
  ];
}
