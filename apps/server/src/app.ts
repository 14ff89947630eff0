import { join } from 'node:path';
import { LIMITS, useBrazilianPortugueseErrors } from '@chaveiro/contract';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import Fastify from 'fastify';
import type { FastifyPluginCallbackZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { AnyEventHandler, Outbox } from './events/index.js';
import { loadSigner } from './platform/crypto/signing.js';
import { apiTokenAuthPlugin } from './platform/http/api-token-auth.js';
import type { AuthPluginOptions } from './platform/http/auth.js';
import { authPlugin, createTokenService } from './platform/http/auth.js';
import { createBackgroundWork } from './platform/jobs/background-work.js';
import type { Draining } from './platform/http/draining.js';
import { createDraining } from './platform/http/draining.js';
import { createJobLeases } from './platform/jobs/job-leases.js';
import { createJobLeasesRepository } from './platform/jobs/job-leases-repository.js';
import type { Clock } from './platform/core/clock.js';
import { systemClock } from './platform/core/clock.js';
import type { AppContext } from './platform/core/context.js';
import type { AppDatabase } from './platform/db/database.js';
import { createEarlyRefusals } from './platform/http/early-refusals.js';
import { errorHandler, sendRouteNotFound } from './platform/http/error-handler.js';
import { bodyDeadlines, serverTimeouts } from './platform/http/http-timeouts.js';
import { rejectUnstorableInput } from './platform/http/input-guard.js';
import { createMailer } from './platform/mail/mail.js';
import { createUploads } from './platform/http/multipart.js';
import { openApiPlugin } from './platform/http/openapi.js';
import { drainOversizedBody } from './platform/http/oversized-bodies.js';
import { requestForLog, urlForLog } from './platform/http/request-log.js';
import type { SharedState } from './platform/state/shared-state.js';
import { createMemorySharedState } from './platform/state/shared-state.js';
import { createRedisSharedState } from './platform/state/shared-state-redis.js';
import { answerUnknownPaths } from './platform/http/unknown-paths.js';
import { webPlugin } from './platform/web/web.js';
import { inlineScriptHashes } from './platform/web/web-pages.js';
import type { BackgroundJob, ModuleRoutes, ModuleTrace, RouteScope } from './module.js';
import { maintenanceGate } from './modules/settings/index.js';
import type { Jobs, Services } from './services.js';
import { createServices } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The domain events' outbox (events/outbox.ts): tests drain it and read its dead letters. */
    outbox: Outbox;
    /** The modules' background jobs, by name: tests run one at will. */
    jobs: Jobs;
    /** Every module's services, for tests and tools that act as a module would. */
    services: Services['services'];
    /** Begun on a shutdown signal (platform/http/shutdown.ts): readiness answers 503 DRAINING. */
    draining: Draining;
  }
}

/** How long closing waits for work promised by answers already sent (a slow mail server). */
const BACKGROUND_SETTLE_MS = 10_000;

export interface AppDeps {
  config: AppConfig;
  database: AppDatabase;
  /** Defaults to the system clock; tests pass one they can move. */
  clock?: Clock;
  /** Logs to stdout at config.logLevel; `false` silences it, `stream` sends it elsewhere (tests). */
  logger?: false | { stream: { write(line: string): void } };
  /** Handlers beside the app's own: tests listen to events no module handles yet. */
  eventHandlers?: readonly AnyEventHandler[];
  /** Seller API route plugins beside the app's own (tests' probe routes under /api/v1). */
  sellerApiRoutes?: readonly FastifyPluginCallbackZod[];
  /** Told which modules each request enters (tests of the documented request walks). */
  trace?: ModuleTrace;
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Builds the whole application without listening (tests inject requests into it): platform
 * plugins first, then every module's routes under /api, then the built web. The caller may still
 * add routes before `ready()`.
 */
export async function buildApp({
  config,
  database,
  clock = systemClock,
  logger,
  eventHandlers = [],
  sellerApiRoutes: extraSellerApiRoutes = [],
  trace,
}: AppDeps) {
  useBrazilianPortugueseErrors();

  // Requests refused before the router picks a scope: the loader adds its signed refusal below.
  const earlyRefusals = createEarlyRefusals();
  const app: App = Fastify({
    logger:
      logger === false
        ? false
        : {
            level: config.logLevel,
            stream: logger?.stream,
            // Credentials never reach the log: not in the access log's URL, nor in any `url`
            // another line records (platform/http/request-log.ts).
            serializers: { req: requestForLog, url: urlForLogged },
          },
    // Not behind a known proxy by default: request.ip (rate limits, activity) is the socket peer,
    // which a client cannot forge with X-Forwarded-For. TRUST_PROXY names the proxies to believe.
    trustProxy: config.trustProxy,
    clientErrorHandler: earlyRefusals.clientErrorHandler,
    frameworkErrors: earlyRefusals.frameworkErrors,
    ...serverTimeouts(config.http),
    // While shutting down, a request already on an open socket is answered as usual (with
    // `Connection: close`), not with Fastify's bare English 503.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // What every node must agree on (rate limits, nonces, cache announcements): Redis with
  // REDIS_URL, this process's memory otherwise. Closed last, after the requests and the work
  // that may still use it (onClose hooks run last-added first).
  const sharedState: SharedState = config.redis
    ? await createRedisSharedState({ ...config.redis, log: app.log })
    : createMemorySharedState(clock);
  app.decorate('sharedState', sharedState);
  app.addHook('onClose', () => sharedState.close());

  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    runInBackground: database.runInBackground,
    readNow: database.readNow,
    backgroundReads: database.backgroundReads,
    clock,
    tokens: createTokenService(config.jwtSecret, clock),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: join(config.dataDir, 'outbox'),
      from: config.mailFrom,
      logger: app.log,
    }),
    background: createBackgroundWork(app.log),
    uploads: createUploads({
      dir: join(config.dataDir, 'uploads'),
      uploadTimeoutMs: config.http.uploadTimeoutMs,
      uploadRateWindowMs: config.http.uploadRateWindowMs,
    }),
    draining: createDraining(),
    sharedState,
    jobLeases: createJobLeases({
      repository: createJobLeasesRepository(database),
      clock,
    }),
  };
  app.decorate('draining', ctx.draining);
  // Mails and writes promised by answers already sent finish before the database closes.
  app.addHook('onClose', () => ctx.background.settle(BACKGROUND_SETTLE_MS));
  // One Ed25519 key signs every loader answer: our own protocol and KeyAuth's;
  // built before the services, whose KeyAuth settings publish its public key.
  const loaderSigner = loadSigner({
    dataDir: config.dataDir,
    signingKey: config.loader.signingKey,
    graceDays: config.loader.keyGraceDays,
  });
  app.addHook('onClose', () => loaderSigner.close());
  const { services, routes, jobs } = createServices(ctx, app.log, {
    loaderSigner,
    earlyRefusals,
    extraHandlers: eventHandlers,
    sellerApiExtensions: extraSellerApiRoutes,
    ...(trace ? { trace } : {}),
  });
  const auth: AuthPluginOptions = {
    tokens: ctx.tokens,
    // The role guard's per-request read of the token's user and live session.
    loadUser: (id, sessionId) => services.sessions.loadUser(id, sessionId),
  };
  // The modules' background jobs run from ready to close. onClose hooks run last-added first,
  // after the server stopped taking requests: the outbox's poller, added first, stops last, so
  // no job records an event after it stopped, and all finish before the database is closed.
  app.decorate('jobs', jobs);
  app.decorate('services', services);
  app.decorate('outbox', jobs.outbox);
  for (const job of Object.values<BackgroundJob>(jobs)) runFromReadyToClose(app, job);

  await app.register(bodyDeadlines, { bodyTimeoutMs: config.http.bodyTimeoutMs });
  await app.register(errorHandler);
  await app.register(openApiPlugin);
  await app.register(authPlugin, auth);
  await app.register(apiTokenAuthPlugin, {
    authenticate: (authorization, ip) => services.apiTokens.authenticate(authorization, ip),
  });

  app.addHook('preValidation', rejectUnstorableInput);
  app.addHook('preParsing', drainOversizedBody);

  // Which hooks apply is decided by the scope the router picks, never by comparing the raw URL
  // (the router decodes `/%61pi/…` to `/api/…`); each prefixed scope answers its unknown paths.
  // Loaders are desktop clients, not browsers, and answer maintenance themselves: they stay out
  // of the site's scope below (browser security headers, uploads, maintenance gate), whose
  // hooks were a good part of a heartbeat's cost.
  await app.register(async (loader) => {
    loader.addHook('onRequest', noStore);
    await mount(loader, routes, 'loader');
  });
  await app.register(async (site) => {
    // The built web's inline scripts (the theme set before first paint), allowed by hash.
    const inlineScripts = await inlineScriptHashes({
      distDir: config.webDistDir,
      publicUrl: config.publicUrl,
    });
    await site.register(fastifyHelmet, helmetOptions(config, inlineScripts));
    await site.register(fastifyMultipart, { limits: { fileSize: LIMITS.dllMaxBytes, files: 1 } });
    await mount(site, routes, 'site');
    await site.register(
      async (api) => {
        api.addHook('onRequest', noStore);
        // Maintenance mode: non-admin API calls answer 503 (DESIGN.md).
        api.addHook('onRequest', maintenanceGate(services.settingsCache, auth));
        answerUnknownPaths(api, (_request, reply) => sendRouteNotFound(reply));
        await mount(api, routes, 'api');
      },
      { prefix: '/api' },
    );
    await site.register(webPlugin, { distDir: config.webDistDir, publicUrl: config.publicUrl });
  });
  return app;
}

/** Registers the modules' route plugins of one scope, each under its prefix. */
async function mount(
  scope: FastifyInstance,
  routes: readonly ModuleRoutes[],
  which: RouteScope,
): Promise<void> {
  for (const { prefix, plugin } of routes.filter((route) => route.scope === which)) {
    await scope.register(plugin, { prefix });
  }
}

/** A logged `url` field as the access log would show it. */
function urlForLogged(url: unknown): unknown {
  return typeof url === 'string' ? urlForLog(url) : url;
}

/** A background job started once the app is ready and stopped (awaited) when it closes. */
function runFromReadyToClose(app: FastifyInstance, job: { start(): void; stop(): Promise<void> }) {
  app.addHook('onReady', (done) => {
    job.start();
    done();
  });
  app.addHook('onClose', () => job.stop());
}

/**
 * Every API answer is per user or live data (metrics polled each second, tokens): none may be
 * stored by a browser or a proxy. Set before the handler so a route can still override it.
 */
function noStore(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  void reply.header('cache-control', 'no-store');
  done();
}

/** `inlineScripts`: the `'sha256-…'` sources of the only inline scripts allowed to run. */
function helmetOptions(config: AppConfig, inlineScripts: readonly string[]) {
  const behindTls = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...inlineScripts],
        'img-src': ["'self'", 'data:', 'blob:'],
        'frame-ancestors': ["'none'"],
        'upgrade-insecure-requests': behindTls ? [] : null,
      },
    },
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'no-referrer' as const },
    // HSTS only where the site really is served over TLS; on http it would lock browsers out.
    strictTransportSecurity: behindTls ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}
