import type { Config } from './config';
import type { Database } from './db/database';
import { appVersionsRepo } from './features/app-version/repo';
import { appVersionService } from './features/app-version/service';
import { optionsRepo } from './features/options/repo';
import { optionsService } from './features/options/service';
import { sessionsRepo } from './features/sessions/repo';
import { sessionsService } from './features/sessions/service';
import { usersRepo } from './features/users/repo';
import { usersService } from './features/users/service';

/** Wires repos into services once per app; routes, ops commands and tests share these. */
export function createServices(database: Database, config: Config, clock: () => number = Date.now) {
  const { db } = database;
  return {
    sessions: sessionsService(
      sessionsRepo(db),
      { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
      clock,
    ),
    options: optionsService(optionsRepo(db), clock),
    appVersions: appVersionService(appVersionsRepo(db), clock),
    users: usersService(usersRepo(db)),
  };
}
export type Services = ReturnType<typeof createServices>;
