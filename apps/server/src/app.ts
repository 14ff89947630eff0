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
import { activityRoutes } from './modules/activity/index.js';
import { adminActionsRoutes } from './modules/admin-actions/index.js';
import { keyAuthImportRoutes } from './modules/keyauth-import/index.js';
import { adminProfileRoutes } from './modules/admin-profile/index.js';
import { adminResellersRoutes } from './modules/admin-resellers/index.js';
import { adminUsersRoutes } from './modules/admin-users/index.js';
import { adminCustomersRoutes } from './modules/admin-customers/index.js';
import { analyticsRoutes, resellerAnalyticsRoutes } from './modules/analytics/index.js';
import { apiTokensRoutes, sellerApiScope } from './modules/api-tokens/index.js';
import { authRoutes, sessionsRoutes } from './modules/auth/index.js';
import { bypassRoutes } from './modules/bypass/index.js';
import { clientRoutes } from './modules/client/index.js';
import { adminConsoleRoutes } from './modules/admin-console/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import {
  adminDepositsRoutes,
  depositsRoutes,
  paymentWebhookRoutes,
} from './modules/deposits/index.js';
import { filesRoutes } from './modules/files/index.js';
import { healthRoutes } from './modules/health/index.js';
import { keysRoutes } from './modules/keys/index.js';
import { loaderRoutes } from './modules/loader/index.js';
import { keyAuthAppsRoutes, keyauthProtocolRoutes } from './modules/keyauth/index.js';
import { loadSigner } from './platform/signing.js';
import { newsletterRoutes } from './modules/newsletter/index.js';
import { notificationsRoutes } from './modules/notifications/index.js';
import { checkoutRoutes, ordersRoutes } from './modules/orders/index.js';
import { productsRoutes, productsV1Routes } from './modules/products/index.js';
import { profileRoutes } from './modules/profile/index.js';
import { resellerRoutes } from './modules/reseller/index.js';
import { sellerApiV1Routes } from './modules/seller-api/index.js';
import { maintenanceGate, settingsRoutes } from './modules/settings/index.js';
import { shopRoutes } from './modules/shop/index.js';
import { adminSupportRoutes, supportRoutes } from './modules/support/index.js';
import { avatarsRoutes } from './modules/users/index.js';
import { apiTokenAuthPlugin } from './platform/api-token-auth.js';
import { webhooksRoutes, webhooksV1Routes } from './modules/webhooks/index.js';
import type { AuthPluginOptions } from './platform/auth.js';
import { authPlugin, createTokenService } from './platform/auth.js';
import { createBackgroundWork } from './platform/background-work.js';
import type { Draining } from './platform/draining.js';
import { createDraining } from './platform/draining.js';
import { createJobLeases } from './platform/job-leases.js';
import { createJobLeasesRepository } from './platform/job-leases-repository.js';
import type { Clock } from './platform/clock.js';
import { systemClock } from './platform/clock.js';
import type { AppContext } from './platform/context.js';
import type { AppDatabase } from './platform/database.js';
import { createEarlyRefusals } from './platform/early-refusals.js';
import { errorHandler, sendRouteNotFound } from './platform/error-handler.js';
import { bodyDeadlines, serverTimeouts } from './platform/http-timeouts.js';
import { rejectUnstorableInput } from './platform/input-guard.js';
import { createMailer } from './platform/mail.js';
import type { Uploads } from './platform/multipart.js';
import { createUploads } from './platform/multipart.js';
import { openApiPlugin } from './platform/openapi.js';
import { drainOversizedBody } from './platform/oversized-bodies.js';
import { queryIsCredentials, requestForLog, urlForLog } from './platform/request-log.js';
import type { SharedState } from './platform/shared-state.js';
import { createMemorySharedState } from './platform/shared-state.js';
import { createRedisSharedState } from './platform/shared-state-redis.js';
import { answerUnknownPaths } from './platform/unknown-paths.js';
import { webPlugin } from './platform/web.js';
import { inlineScriptHashes } from './platform/web-pages.js';
import type { Services } from './services.js';
import { createServices } from './services.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The domain events' outbox (events/outbox.ts): tests drain it and read its dead letters. */
    outbox: Outbox;
    /** Deletes expired KeyAuth sessions (issue #26); tests run it at will. */
    keyauthSessionPurge: { runOnce(): Promise<number> };
    /** Begun on a shutdown signal (platform/shutdown.ts): readiness answers 503 DRAINING. */
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
            // another line records (platform/request-log.ts).
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
      repository: createJobLeasesRepository(database.db),
      clock,
    }),
  };
  app.decorate('draining', ctx.draining);
  // Mails and writes promised by answers already sent finish before the database closes.
  app.addHook('onClose', () => ctx.background.settle(BACKGROUND_SETTLE_MS));
  // One Ed25519 key signs every loader answer: our own protocol and KeyAuth's (issue #26);
  // built before the services, whose KeyAuth settings publish its public key.
  const loaderSigner = loadSigner({
    dataDir: config.dataDir,
    signingKey: config.loader.signingKey,
    graceDays: config.loader.keyGraceDays,
  });
  app.addHook('onClose', () => loaderSigner.close());
  const services = createServices(ctx, app.log, eventHandlers, loaderSigner);
  const auth: AuthPluginOptions = { tokens: ctx.tokens, loadUser: services.loadAuthUser };
  const { presence, expiryReminders, outbox, gatewayPoll, analyticsSampler, webhookDispatcher } =
    services;
  app.decorate('loaderPresence', presence);
  app.addHook('onClose', () => presence.close());
  // "Subscription expiring" notifications: checked at start and every few minutes until close.
  app.decorate('expiryReminders', expiryReminders);
  runFromReadyToClose(app, expiryReminders);
  // Analytics: online users, the cards' gauges and usage sampled once a minute until close.
  app.decorate('analyticsSampler', analyticsSampler);
  runFromReadyToClose(app, analyticsSampler);
  // Domain events: the poller (retries, what a crashed process left) runs from ready to close.
  // onClose hooks run last-added first, after the server stopped taking requests: the poller and
  // the deliveries under way finish here, before the caller destroys the database.
  app.decorate('outbox', outbox);
  runFromReadyToClose(app, outbox);
  // Pending Mercado Pago charges re-read every 30 s; stopped before the outbox (last-added first).
  app.decorate('gatewayPoll', gatewayPoll);
  runFromReadyToClose(app, gatewayPoll);
  // Outgoing webhooks sent every few seconds (and right after a fan-out); stopped before the
  // outbox, so no handler kicks it after it stopped.
  app.decorate('webhookDispatcher', webhookDispatcher);
  runFromReadyToClose(app, webhookDispatcher);

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
  // The loader API serves desktop clients, not browsers, and answers maintenance itself: it
  // stays out of the site's scope below (browser security headers, uploads, maintenance gate),
  // whose hooks were a good part of a heartbeat's cost.
  await app.register(
    async (loader) => {
      loader.addHook('onRequest', noStore);
      await loader.register(
        loaderRoutes({
          clock,
          sharedState,
          signer: loaderSigner,
          loader: services.loader,
          sessions: services.loaderSessions,
          accountLimits: services.accountLimits,
          earlyRefusals,
        }),
      );
    },
    { prefix: '/api/loader' },
  );
  // KeyAuth's loader API (/api/1.3/, /api/1.2/, issue #26): loaders too, out of the site's scope.
  app.decorate('keyauthSessionPurge', services.keyauthSessionPurge);
  runFromReadyToClose(app, services.keyauthSessionPurge);
  await app.register(async (keyauth) => {
    keyauth.addHook('onRequest', noStore);
    // A 1.2 GET carries the whole call in its query: passwords, keys, session ids.
    keyauth.addHook('onRoute', queryIsCredentials);
    await keyauth.register(
      keyauthProtocolRoutes({
        clock,
        signer: loaderSigner,
        keyauth: services.keyauthProtocol,
        accountLimits: services.accountLimits,
      }),
    );
  });
  await app.register(async (site) => {
    // The built web's inline scripts (the theme set before first paint), allowed by hash.
    const inlineScripts = await inlineScriptHashes({
      distDir: config.webDistDir,
      publicUrl: config.publicUrl,
    });
    await site.register(fastifyHelmet, helmetOptions(config, inlineScripts));
    await site.register(fastifyMultipart, { limits: { fileSize: LIMITS.dllMaxBytes, files: 1 } });
    // The seller API answers for itself (its tokens, maintenance, rate limit, idempotency): a
    // sibling of /api, whose hooks read site sessions. The router prefers its longer prefix.
    await site.register(
      sellerApiScope({
        settingsCache: services.settingsCache,
        idempotency: services.sellerApiIdempotency,
        routes: [...sellerApiRoutes(services), ...extraSellerApiRoutes],
      }),
      { prefix: '/api/v1' },
    );
    await site.register(apiRoutes(services, auth, ctx.uploads, ctx.clock), { prefix: '/api' });
    await site.register(webPlugin, { distDir: config.webDistDir, publicUrl: config.publicUrl });
  });
  return app;
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

/**
 * The seller API's route plugins, under `/api/v1` (issue #25). Add a module's v1 plugin here;
 * each route takes `sellerApiRoute(app.requireApiToken('<scope>'), tags, schema)` and reads the
 * caller with `apiAuthOf(request)` / `apiActorOf(request)` (platform/api-token-auth.ts).
 */
function sellerApiRoutes(s: Services): FastifyPluginCallbackZod[] {
  return [productsV1Routes(s), sellerApiV1Routes(s), webhooksV1Routes(s)];
}

function apiRoutes(
  services: Services,
  auth: AuthPluginOptions,
  uploads: Uploads,
  clock: Clock,
): FastifyPluginCallbackZod {
  const s = services;
  return (api, _options, done) => {
    api.addHook('onRequest', noStore);
    // Maintenance mode: non-admin API calls answer 503 (DESIGN.md).
    api.addHook('onRequest', maintenanceGate(s.settingsCache, auth));
    answerUnknownPaths(api, (_request, reply) => sendRouteNotFound(reply));
    void api.register(healthRoutes(s));
    void api.register(authRoutes(s), { prefix: '/auth' });
    void api.register(sessionsRoutes(s));
    void api.register(newsletterRoutes(s));
    void api.register(dashboardRoutes(s), { prefix: '/dashboard' });
    void api.register(analyticsRoutes(s), { prefix: '/analytics' });
    void api.register(activityRoutes(s));
    void api.register(adminUsersRoutes(s), { prefix: '/users' });
    void api.register(adminCustomersRoutes(s), { prefix: '/users' });
    void api.register(adminProfileRoutes({ ...s, uploads }), { prefix: '/admin' });
    void api.register(keysRoutes(s), { prefix: '/keys' });
    void api.register(productsRoutes({ ...s, uploads }), { prefix: '/products' });
    void api.register(keyAuthAppsRoutes(s), { prefix: '/products' });
    void api.register(filesRoutes(s), { prefix: '/files' });
    void api.register(profileRoutes({ ...s, uploads }));
    void api.register(clientRoutes(s), { prefix: '/client' });
    void api.register(avatarsRoutes(s));
    void api.register(adminResellersRoutes(s), { prefix: '/resellers' });
    void api.register(resellerRoutes(s), { prefix: '/reseller' });
    void api.register(resellerAnalyticsRoutes(s), { prefix: '/reseller' });
    void api.register(bypassRoutes(s), { prefix: '/bypass' });
    void api.register(apiTokensRoutes(s), { prefix: '/api-tokens' });
    void api.register(settingsRoutes(s), { prefix: '/settings' });
    void api.register(adminActionsRoutes(s), { prefix: '/admin-actions' });
    void api.register(keyAuthImportRoutes(s), { prefix: '/admin' });
    void api.register(shopRoutes(s), { prefix: '/shop' });
    void api.register(checkoutRoutes(s), { prefix: '/shop' });
    void api.register(ordersRoutes(s), { prefix: '/orders' });
    void api.register(depositsRoutes(s), { prefix: '/deposits' });
    void api.register(adminDepositsRoutes(s), { prefix: '/admin' });
    void api.register(adminConsoleRoutes(s), { prefix: '/admin' });
    void api.register(webhooksRoutes(s), { prefix: '/admin' });
    void api.register(paymentWebhookRoutes({ ...s, clock }), { prefix: '/payments' });
    void api.register(supportRoutes(s), { prefix: '/support' });
    void api.register(adminSupportRoutes(s), { prefix: '/admin/support' });
    void api.register(notificationsRoutes(s), { prefix: '/notifications' });
    done();
  };
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
