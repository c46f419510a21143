import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { accountsService } from './features/accounts/service';
import { appVersionsRepo } from './features/app-version/repo';
import { appVersionService } from './features/app-version/service';
import { createMailer } from './features/mail/mailer';
import { newsRepo } from './features/news/repo';
import { newsService } from './features/news/service';
import { optionsRepo } from './features/options/repo';
import { optionsService } from './features/options/service';
import { passwordResetRepo } from './features/password-reset/repo';
import { passwordResetService } from './features/password-reset/service';
import { sessionsRepo } from './features/sessions/repo';
import { sessionsService } from './features/sessions/service';
import { thirdPartyService } from './features/third-party/service';
import { createIdTokenVerifier } from './features/third-party/verifier';
import { uploadsRepo } from './features/uploads/repo';
import { uploadsService } from './features/uploads/service';
import { createFileStore } from './features/uploads/storage';
import { usersRepo } from './features/users/repo';
import { usersService } from './features/users/service';

/** Wires repos into services once per app; routes, ops commands and tests share these. */
export function createServices(
  database: Database,
  config: Config,
  clock: () => number,
  log: FastifyBaseLogger,
) {
  const { db } = database;
  const users = usersRepo(db);
  const sessions = sessionsService(
    sessionsRepo(db),
    { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
    clock,
  );
  const accounts = accountsService({ db, users, sessions, clock });
  return {
    sessions,
    accounts,
    users: usersService(users, clock),
    news: newsService(newsRepo(db)),
    options: optionsService(optionsRepo(db), clock),
    appVersions: appVersionService(appVersionsRepo(db), clock),
    passwordReset: passwordResetService({
      repo: passwordResetRepo(db),
      users,
      sessions,
      mailer: createMailer(config, log),
      clock,
    }),
    thirdParty: thirdPartyService({
      providers: config.oidcProviders,
      firebase: config.firebase,
      verifier: createIdTokenVerifier(),
      db,
      users,
      sessions,
      clock,
    }),
    uploads: uploadsService({ repo: uploadsRepo(db), store: createFileStore(config.uploadDir), clock }),
  };
}
export type Services = ReturnType<typeof createServices>;
