import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import { type ApiBase, DEFAULT_LOCALE, negotiateLocale } from '@pixelhall/contract';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { type Engines, openEngines } from './engines';
import { REDIS_KEYS } from './engines/redis-keys';
import { accountDeletionRoutes } from './features/account-deletion/routes';
import { accountExportDownloadRoutes, accountExportRoutes } from './features/account-export/routes';
import type { Sleep } from './features/accounts/login-guard';
import { accountsRoutes } from './features/accounts/routes';
import { achievementsRoutes } from './features/achievements/routes';
import { appVersionRoutes } from './features/app-version/routes';
import { appealsRoutes } from './features/appeals/routes';
import { archiveDownloadRoutes, archivesRoutes } from './features/archives/routes';
import { betsRoutes } from './features/bets/routes';
import { commentsRoutes } from './features/comments/routes';
import { contentFiltersRoutes } from './features/content-filters/routes';
import { editsRoutes } from './features/edits/routes';
import { followsRoutes } from './features/follows/routes';
import { gamesRoutes, mainApiGameRoutes, romFileRoutes } from './features/games/routes';
import { levelsRoutes } from './features/levels/routes';
import { miningRoutes } from './features/mining/routes';
import { modLogRoutes } from './features/mod-log/routes';
import { moderationRoutes } from './features/moderation/routes';
import { mutesRoutes } from './features/mutes/routes';
import { newsRoutes } from './features/news/routes';
import { optionsRoutes } from './features/options/routes';
import { passkeysRoutes } from './features/passkeys/routes';
import { passwordResetRoutes } from './features/password-reset/routes';
import { postsRoutes, unlockRoutes } from './features/posts/routes';
import { progressionRoutes } from './features/progression/routes';
import { propsRoutes } from './features/props/routes';
import { sanctionsRoutes } from './features/sanctions/routes';
import { searchRoutes } from './features/search/routes';
import { originOf } from './features/sessions/public';
import { sessionsRoutes } from './features/sessions/routes';
import { staffRoutes } from './features/staff/routes';
import { tasksRoutes } from './features/tasks/routes';
import { thirdPartyRoutes } from './features/third-party/routes';
import { topicsRoutes } from './features/topics/routes';
import { translateRoutes } from './features/translate/routes';
import { twoStepRoutes } from './features/two-step/routes';
import { uploadsRoutes } from './features/uploads/routes';
import { usersRoutes } from './features/users/routes';
import { walletRoutes } from './features/wallet/routes';
import { healthChecker } from './health';
import { AppError } from './http/app-error';
import { clientErrorHandler } from './http/client-error';
import { compressAnswers } from './http/compression';
import { capConnectionsPerAddress } from './http/connection-cap';
import { webAppPolicy } from './http/content-security-policy';
import { frameworkErrors, installErrorHandling } from './http/error-handler';
import { openApiOptions } from './http/openapi';
import { contractSerializerCompiler } from './http/serializer';
import { closeStalledConnections } from './http/stalled-connections';
import { translator } from './i18n';
import { clusterJobs } from './jobs/cluster-jobs';
import { scheduledJobsRepo } from './jobs/repo';
import { type Scheduler, startScheduler } from './jobs/scheduler';
import { createServices, type Services } from './services';
import './http/request-context';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Redis and the bucket, when configured; opened from `config` when not given. Closed with the app, as the database is. */
  engines?: Engines;
  clock?: () => number;
  /** How a slowed log-in waits (accounts/login-guard.ts); tests pass one that only records. */
  sleep?: Sleep;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  /** The background work this server takes its turn at (jobs/scheduler.ts). */
  scheduler: Scheduler;
}

/**
 * Builds the whole server (main API, game service, upload host, web app) without listening, so
 * tests inject requests into exactly what production runs.
 */
export async function buildApp({
  config,
  database,
  engines = openEngines(config),
  clock = Date.now,
  sleep,
}: AppDeps): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    // No total limit on a request: a big upload on a slow phone takes as long as it takes. A
    // connection on which nothing moves is judged instead (http/stalled-connections.ts).
    requestTimeout: 0,
    connectionTimeout: config.idleTimeoutMs,
    keepAliveTimeout: config.keepAliveTimeoutMs,
    http: {
      requestTimeout: 0,
      // Bounds a header block sent a byte at a time, which the idle timer never sees stall. Node
      // checks it on an interval: this one keeps a refusal within a few seconds of the limit.
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(5_000, config.headersTimeoutMs),
    },
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    clientErrorHandler,
    frameworkErrors,
  });
  closeStalledConnections(app.server, config.idleTimeoutMs);
  // Behind a proxy every connection is the proxy's: the cap is then the proxy's to apply.
  if (config.maxConnectionsPerAddress > 0 && !config.trustProxy) {
    capConnectionsPerAddress(app.server, { max: config.maxConnectionsPerAddress, log: app.log });
  }
  const services = createServices({ database, engines, config, clock, log: app.log, sleep });
  if (config.env === 'production' && !config.secretsKeyConfigured) {
    app.log.warn('SECRETS_KEY is not set: authenticator secrets are sealed with the development key');
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler({ crossCheck: config.env !== 'production' }));

  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.decorateRequest('t', null as never);
  app.decorateRequest('member', null);
  app.decorate('resolveMember', async (token: string, base: ApiBase, request?: FastifyRequest) => {
    // The origin is read only when the session's last use is written back (sessions/service.ts).
    const member = await services.sessions.resolve(token, request && (() => originOf(request)));
    if (member || base === 'api') return member;
    return services.games.tokenMember(token);
  });
  // Hooks every request runs take a callback: an async one costs a promise and its microtasks.
  app.addHook('onRequest', (request, _reply, done) => {
    request.locale = negotiateLocale(request.headers['accept-language']);
    request.t = translator(request.locale);
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    done(null, payload);
  });
  installErrorHandling(app);

  await app.register(fastifyRateLimit, {
    global: false,
    // After the auth hook, so limits can key on the member, and after body parsing, so a
    // route can key on what is being tried (an address, an account).
    hook: 'preHandler',
    // With Redis, every server counts into the same keys, so a member or an address meets one
    // limit whichever server answers. A count Redis cannot take lets the request through rather
    // than failing every limited route with a 5xx: these limits bound cost, not access (failed
    // log-ins are refused by their own windows, which do fail closed: accounts/attempts.ts), and
    // /healthz reports Redis down so the load balancer takes the server out meanwhile.
    ...(engines.redis ? { redis: engines.redis, nameSpace: REDIS_KEYS.rateLimits, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('errors.too_many_requests', { seconds: Math.ceil(context.ttl / 1000) }, 0, 429),
  });

  await app.register(fastifySwagger, openApiOptions());

  await app.register(
    async (api) => {
      await compressAnswers(api);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
      optionsRoutes(api, services.options);
      usersRoutes(api, services.users);
      accountsRoutes(api, services.accounts, services.emailProof);
      accountDeletionRoutes(api, services.accountDeletion);
      sessionsRoutes(api, services.sessions);
      passwordResetRoutes(api, services.passwordReset);
      thirdPartyRoutes(api, services.thirdParty);
      twoStepRoutes(api, services.twoStep);
      passkeysRoutes(api, services.passkeys, config.webauthn);
      newsRoutes(api, services.news);
      topicsRoutes(api, services.topics);
      postsRoutes(api, services);
      commentsRoutes(api, services.comments);
      editsRoutes(api, services.edits);
      followsRoutes(api, services.follows);
      mutesRoutes(api, services.mutes);
      staffRoutes(api, services.staff);
      modLogRoutes(api, services.modLog);
      moderationRoutes(api, services.moderation);
      sanctionsRoutes(api, services.sanctions);
      contentFiltersRoutes(api, services.contentFilters);
      appealsRoutes(api, services.appeals);
      searchRoutes(api, services.search);
      translateRoutes(api, services.translate);
      levelsRoutes(api, services.levels);
      tasksRoutes(api, services.tasks);
      achievementsRoutes(api, services.achievements);
      progressionRoutes(api, services.progression);
      walletRoutes(api, services.wallet);
      unlockRoutes(api, services.unlocks);
      propsRoutes(api, services.props);
      betsRoutes(api, services.bets);
      miningRoutes(api, services.mining);
      mainApiGameRoutes(api, services.games);
      accountExportRoutes(api, services.accountExports);
    },
    { prefix: '/api' },
  );
  await app.register(
    async (game) => {
      await compressAnswers(game);
      appVersionRoutes(game, services.appVersions);
      archivesRoutes(game, services.archives);
      gamesRoutes(game, services.games);
    },
    { prefix: '/game-api' },
  );
  await app.register(
    async (upload) => {
      await uploadsRoutes(upload, services.uploads, services.bigUploads);
      archiveDownloadRoutes(upload, services.archives);
      accountExportDownloadRoutes(upload, services.accountExports);
      romFileRoutes(upload, services.games);
    },
    { prefix: '/upload' },
  );

  // The folder exists from the start, so /healthz can tell a folder that went away.
  if (!engines.storage) mkdirSync(config.uploadDir, { recursive: true });
  const health = healthChecker({ database, engines, uploadDir: config.uploadDir }, (engine, err) =>
    app.log.error({ err, engine }, 'health check: an engine is down'),
  );
  // 503 while any engine is down, so a load balancer stops sending requests here; a full upload
  // folder (`degraded`) keeps 200, as everything but uploads still works.
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const report = await health();
    return reply.status(report.status === 'unavailable' ? 503 : 200).send(report);
  });

  if (config.webDist) {
    // On every file: index.html is the page, and sw.js takes the policy of its own response.
    const policy = webAppPolicy(config, readFileSync(path.join(config.webDist, 'index.html'), 'utf8'));
    await app.register(fastifyStatic, {
      root: config.webDist,
      // The build writes .br and .gz beside each file (apps/web/build/precompress.ts).
      preCompressed: true,
      // Hashed bundles never change under their name; index.html must always be revalidated.
      setHeaders: (reply, filePath) => {
        reply.header('content-security-policy', policy);
        reply.header(
          'cache-control',
          /[/\\]assets[/\\]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  const scheduler = startScheduler({
    repo: scheduledJobsRepo(database.db),
    jobs: clusterJobs(services, config),
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await scheduler.stop();
    await services.bigUploads.close();
    await database.close();
    await engines.close();
  });
  return { app, services, scheduler };
}
