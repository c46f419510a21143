import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Engines } from './engines';
import { accountDeletionService } from './features/account-deletion/service';
import { accountExportService } from './features/account-export/service';
import { attemptWindows } from './features/accounts/attempts';
import { emailProofService } from './features/accounts/email-proof';
import type { Sleep } from './features/accounts/login-guard';
import { accountsService } from './features/accounts/service';
import { achievementsService } from './features/achievements/service';
import { appVersionsRepo } from './features/app-version/repo';
import { appVersionService } from './features/app-version/service';
import { countOpenAppeals } from './features/appeals/public';
import { appealsService } from './features/appeals/service';
import { archivesService } from './features/archives/service';
import { betsService } from './features/bets/service';
import { commentsService } from './features/comments/service';
import { contentFiltersService } from './features/content-filters/service';
import { editsService } from './features/edits/service';
import { fileSweepService, storedFileClaims } from './features/file-lifetime/public';
import { followsService } from './features/follows/service';
import { gamesRepo } from './features/games/repo';
import { gamesService } from './features/games/service';
import { levelsService } from './features/levels/service';
import { createMailer } from './features/mail/mailer';
import { miningRepo } from './features/mining/repo';
import { miningService } from './features/mining/service';
import { modLogService } from './features/mod-log/service';
import { moderationService } from './features/moderation/service';
import { mutesService } from './features/mutes/service';
import { newsService } from './features/news/service';
import { optionsRepo } from './features/options/repo';
import { optionsService } from './features/options/service';
import { passkeysRepo } from './features/passkeys/repo';
import { passkeysService } from './features/passkeys/service';
import { passwordResetRepo } from './features/password-reset/repo';
import { passwordResetService } from './features/password-reset/service';
import { announcementsService } from './features/posts/announcements';
import { feedsService } from './features/posts/feeds';
import { firstPagesCache, redisGeneration } from './features/posts/first-pages';
import { hotScoreService } from './features/posts/hot-score';
import { postsService } from './features/posts/service';
import { unlockService } from './features/posts/unlock';
import { progressionService } from './features/progression/service';
import { propsService } from './features/props/service';
import { sanctionsService } from './features/sanctions/service';
import { searchService } from './features/search/service';
import { hashToken } from './features/sessions/public';
import { sessionsRepo } from './features/sessions/repo';
import { sessionsService } from './features/sessions/service';
import { staffService } from './features/staff/service';
import { tasksService } from './features/tasks/service';
import { thirdPartyService } from './features/third-party/service';
import { createIdTokenVerifier } from './features/third-party/verifier';
import { topicsService } from './features/topics/service';
import { libreTranslate } from './features/translate/libre-translate';
import { translateService } from './features/translate/service';
import { twoStepRepo } from './features/two-step/repo';
import { TWO_STEP_LIMITS, twoStepService } from './features/two-step/service';
import { bigUploadsService } from './features/uploads/big-uploads';
import { bigUploadsRepo } from './features/uploads/big-uploads-repo';
import { storageQuota } from './features/uploads/quota';
import { uploadsRepo } from './features/uploads/repo';
import { uploadsService } from './features/uploads/service';
import { fileStoreFor } from './features/uploads/storage';
import { tusStorage } from './features/uploads/tus-storage';
import { usersRepo } from './features/users/repo';
import { usersService } from './features/users/service';
import { walletService } from './features/wallet/service';

export interface ServiceDeps {
  database: Database;
  engines: Engines;
  config: Config;
  clock: () => number;
  log: FastifyBaseLogger;
  sleep?: Sleep;
}

/**
 * Wires repos into services once per app; routes, ops commands and tests share these. Every
 * service takes one object of what it needs, and one built here is handed to the others that use it.
 */
export function createServices({ database, engines, config, clock, log, sleep }: ServiceDeps) {
  const { db, engine } = database;
  const users = usersRepo(db);
  const uploads = uploadsRepo(db);
  // Every put claims its file first, so the sweep of unreferenced files never deletes bytes a put
  // is answering (docs/internals/file-lifetime.md).
  const fileClaims = storedFileClaims({ db, engine, clock });
  const fileStore = fileStoreFor(config, engines, fileClaims);
  const quota = storageQuota({ db, quotaBytes: config.uploadQuotaBytes });
  // The general feeds' shared page 1, dropped by every write that changes it (feeds.ts), on
  // every server when they share Redis.
  const firstPages = firstPagesCache(clock, engines.redis ? redisGeneration(engines.redis, log) : null);
  // Failed log-ins and reset mails per client, counted across servers when they share Redis.
  const windows = attemptWindows({ redis: engines.redis, clock });

  const sessions = sessionsService({
    repo: sessionsRepo(db),
    policy: { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
    clock,
  });
  const options = optionsService({ repo: optionsRepo(db), clock });
  const mailer = createMailer(config, log);
  // Second steps of sign-in and fresh proofs, which accounts, third-party and passkeys ask.
  const twoStep = twoStepService({
    db,
    users,
    sessions,
    clock,
    windows,
    secretsKey: config.secretsKey,
    sleep,
  });
  const emailProof = emailProofService({ db, users, mailer, clock, windows, publicUrl: config.publicUrl });
  const posts = postsService({ db, engine, clock, publicUrl: config.configuredPublicUrl, firstPages });

  return {
    sessions,
    accounts: accountsService({
      db,
      users,
      sessions,
      clock,
      windows,
      proofs: emailProof,
      twoStep,
      freshProof: twoStep.freshProof,
      sleep,
    }),
    twoStep,
    freshProof: twoStep.freshProof,
    passkeys: passkeysService({
      repo: passkeysRepo(db),
      users,
      sessions,
      twoStep,
      freshProof: twoStep.freshProof,
      // Whose log-in a ticket is, unspent: the second step's options list that member's passkeys.
      ticketOwner: async (ticket) => {
        const live = await twoStepRepo(db).liveTicket(
          hashToken(ticket),
          clock(),
          TWO_STEP_LIMITS.ticketFailures,
        );
        return live ? Number(live.user_id) : null;
      },
      clock,
    }),
    emailProof,
    users: usersService({ repo: users, clock }),
    topics: topicsService({ db, engine, clock }),
    posts,
    feeds: feedsService({ db, firstPages, clock }),
    announcements: announcementsService({ db, clock }),
    hotScore: hotScoreService({ db, firstPages }),
    news: newsService({ db, clock }),
    comments: commentsService({ db, engine, clock, postCountsChanged: () => firstPages.clear() }),
    edits: editsService({ db, engine, clock, firstPages }),
    follows: followsService({ db, engine, clock }),
    mutes: mutesService({ db, engine, clock }),
    staff: staffService({ db, clock }),
    modLog: modLogService({ db }),
    sanctions: sanctionsService({ db, clock }),
    contentFilters: contentFiltersService({ db, clock }),
    appeals: appealsService({ db, clock, contentRestored: () => firstPages.clear() }),
    options,
    appVersions: appVersionService({ repo: appVersionsRepo(db), clock }),
    passwordReset: passwordResetService({
      repo: passwordResetRepo(db),
      users,
      sessions,
      mailer,
      clock,
      windows,
    }),
    thirdParty: thirdPartyService({
      providers: config.oidcProviders,
      firebase: config.firebase,
      verifier: createIdTokenVerifier(),
      db,
      users,
      sessions,
      twoStep,
      clock,
    }),
    search: searchService({ db, engine, clock }),
    levels: levelsService({ db, clock }),
    tasks: tasksService({ db, clock }),
    achievements: achievementsService({ db, clock }),
    progression: progressionService({ db, clock }),
    wallet: walletService({ db, clock, options }),
    unlocks: unlockService({ db, engine, clock, posts }),
    moderation: moderationService({
      db,
      engine,
      clock,
      firstPages,
      countOpenAppeals: (member) => countOpenAppeals(db, member),
    }),
    props: propsService({ db, clock, firstPages }),
    bets: betsService({ db, engine, clock }),
    mining: miningService({ repo: miningRepo(db), options, clock }),
    translate: translateService({
      db,
      translator: config.translateUrl
        ? libreTranslate({ url: config.translateUrl, apiKey: config.translateApiKey })
        : null,
      log,
    }),
    uploads: uploadsService({ repo: uploads, store: fileStore, quota, clock }),
    archives: archivesService({ db, store: fileStore, clock }),
    fileSweep: fileSweepService({
      db,
      engine,
      store: fileStore,
      clock,
      graceMs: config.fileSweepGraceMs,
      log,
    }),
    accountExports: accountExportService({
      db,
      engine,
      store: fileStore,
      clock,
      // Beside the store's folder when it is local, so taking a zip in is a rename.
      tempDir: engines.storage
        ? path.join(tmpdir(), 'pixelhall-exports')
        : path.join(config.uploadDir, 'exports-tmp'),
      log,
    }),
    games: gamesService({ db, engine, repo: gamesRepo(db), store: fileStore, clock }),
    accountDeletion: accountDeletionService({
      db,
      sessions,
      freshProof: twoStep.freshProof,
      firstPages,
      clock,
      log,
    }),
    bigUploads: bigUploadsService({
      repo: uploads,
      inProgress: bigUploadsRepo(db),
      tus: tusStorage({ config, engines, store: fileStore, claims: fileClaims, log }),
      quota,
      clock,
    }),
  };
}
export type Services = ReturnType<typeof createServices>;
