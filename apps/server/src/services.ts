import { ADMIN_LIMITS } from '@chaveiro/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AnyEventHandler, EventRecorder } from './events/index.js';
import { createOutbox } from './events/index.js';
import {
  createActivityHandlers,
  createActivityRepository,
  createActivityService,
} from './modules/activity/index.js';
import {
  createApiTokenEpochRevocation,
  createApiTokensRepository,
  createApiTokensService,
  createIdempotency,
  createIdempotencyRepository,
} from './modules/api-tokens/index.js';
import {
  createAdminActionsRepository,
  createAdminActionsService,
} from './modules/admin-actions/index.js';
import {
  createAdminCustomersService,
  createCustomerRepository,
} from './modules/admin-customers/index.js';
import { createAdminProfileService } from './modules/admin-profile/index.js';
import {
  createAdminResellersRepository,
  createAdminResellersService,
} from './modules/admin-resellers/index.js';
import {
  createAdminUsersService,
  createUserDirectoryRepository,
} from './modules/admin-users/index.js';
import {
  createAccountLimits,
  createAuthService,
  createCredentialsChecker,
  createEmailTokensRepository,
  createSessionsRepository,
  createSessionsService,
  createSignupHoldsRepository,
  createUserLoginsRepository,
} from './modules/auth/index.js';
import {
  createAnalyticsHandlers,
  createAnalyticsRepository,
  createAnalyticsRollupsRepository,
  createAnalyticsSampler,
  createAnalyticsService,
} from './modules/analytics/index.js';
import { createBalanceRepository, createBalanceService } from './modules/balance/index.js';
import { createBypassRepository, createBypassService } from './modules/bypass/index.js';
import { createClientRepository, createClientService } from './modules/client/index.js';
import {
  createAdminConsoleRepository,
  createAdminConsoleService,
} from './modules/admin-console/index.js';
import { createDashboardRepository, createDashboardService } from './modules/dashboard/index.js';
import type { DepositsService } from './modules/deposits/index.js';
import {
  createDepositsRepository,
  createDepositsService,
  createGatewayPoll,
  createMercadoPagoClient,
  createPaymentNotifiedHandler,
} from './modules/deposits/index.js';
import {
  createFileUploadService,
  createFilesRepository,
  createFilesService,
} from './modules/files/index.js';
import { createHealthRepository, createHealthService } from './modules/health/index.js';
import {
  createKeyIssuer,
  createKeyRedemption,
  createKeysRepository,
  createKeysService,
} from './modules/keys/index.js';
import {
  createKeyAuthAppsRepository,
  createKeyAuthAppsService,
  createKeyAuthProtocolRepository,
  createKeyAuthProtocolService,
} from './modules/keyauth/index.js';
import {
  createLoaderRepository,
  createLoaderService,
  createLoaderSessions,
  createPresence,
} from './modules/loader/index.js';
import { createNewsletterRepository, createNewsletterService } from './modules/newsletter/index.js';
import {
  createOrderCompletion,
  createOrderFulfilment,
  createOrdersRepository,
  createOrdersService,
} from './modules/orders/index.js';
import {
  createApiTokensRevokedMail,
  createDepositApprovedNotice,
  createDepositRejectedNotice,
  createExpiryMail,
  createExpiryReminders,
  createMachineBoundNotice,
  createNewDeviceNotice,
  createPurchaseNotices,
  createNotificationsRepository,
  createNotificationsService,
  createTicketAnsweredNotice,
} from './modules/notifications/index.js';
import {
  createKeyAuthImport,
  createKeyAuthImportRepository,
} from './modules/keyauth-import/index.js';
import { createProductsRepository, createProductsService } from './modules/products/index.js';
import { createProfileService } from './modules/profile/index.js';
import {
  createKeyRedeemedNotice,
  createResellerRepository,
  createResellerService,
} from './modules/reseller/index.js';
import { createSellerApiRepository, createSellerApiService } from './modules/seller-api/index.js';
import {
  createSettingsCache,
  createSettingsRepository,
  createSettingsService,
} from './modules/settings/index.js';
import { createShopRepository, createShopService } from './modules/shop/index.js';
import {
  createSubscriptionsRepository,
  createSubscriptionsService,
} from './modules/subscriptions/index.js';
import { createSupportRepository, createSupportService } from './modules/support/index.js';
import {
  createAdminSeedService,
  createAvatarRenderer,
  createAvatarService,
  createPurchaseXp,
  createRecoveryCodesRepository,
  createRedemptionXp,
  createTotpRepository,
  createUserAdminRepository,
  createUserBalancesRepository,
  createUsersRepository,
} from './modules/users/index.js';
import {
  createWebhookDispatcher,
  createWebhookHandlers,
  createWebhooksRepository,
  createWebhooksService,
} from './modules/webhooks/index.js';
import type { AppContext } from './platform/context.js';
import { createCountCache, sharedCountCache } from './platform/count-cache.js';
import { createPeriodicJob } from './platform/periodic-job.js';
import type { Signer } from './platform/signing.js';

/**
 * The composition root: every repository and service built once, in dependency order, and
 * handed to the routes as typed dependencies (DESIGN.md). A module never builds another
 * module's pieces, nor its own repositories: what it needs is declared in its factory's deps.
 */
export function createServices(
  ctx: AppContext,
  log: FastifyBaseLogger,
  /** Handlers beside the modules' own (tests' probes). */
  extraHandlers: readonly AnyEventHandler[],
  /** The loader signing key, shared by our loader API and KeyAuth's (built by app.ts). */
  loaderSigner: Pick<Signer, 'current'>,
) {
  const { db, dialect, clock } = ctx;

  // Totals of the licence-key list's filters: read by the keys repository, cleared by every
  // write that changes them (key writes, and deletes that cascade into keys or their redeemer).
  // Shared: a write on another node clears this node's copy too (Redis announcements).
  const keyTotals = sharedCountCache(ctx.sharedState, 'key-totals', ADMIN_LIMITS.listCountCacheMs);

  // The outbox, for what is built before it: the order completion records events from its
  // handler, the accounts kernel records the end of a security epoch where token_version
  // rises, and the subscriptions (which the order completion grants through) record pauses,
  // resets, releases and bindings. It reaches the outbox once built.
  const lateEvents: EventRecorder = {
    transaction: (fn) => outbox.transaction(fn),
    record: (executor, type, payload) => outbox.record(executor, type, payload),
  };

  // Repositories: the only holders of SQL.
  const repos = {
    activity: createActivityRepository(
      db,
      sharedCountCache(ctx.sharedState, 'activity-totals', ADMIN_LIMITS.listCountCacheMs),
    ),
    adminActions: createAdminActionsRepository(db),
    adminConsole: createAdminConsoleRepository(db, dialect),
    adminResellers: createAdminResellersRepository(db, dialect),
    analytics: createAnalyticsRepository(db, dialect),
    analyticsRollups: createAnalyticsRollupsRepository(db),
    apiTokens: createApiTokensRepository(db, dialect),
    balance: createBalanceRepository(db),
    bypass: createBypassRepository(db),
    client: createClientRepository(db),
    customers: createCustomerRepository(db),
    dashboard: createDashboardRepository(db),
    deposits: createDepositsRepository(db, dialect),
    emailTokens: createEmailTokensRepository(db),
    files: createFilesRepository(db),
    health: createHealthRepository(db, dialect),
    idempotency: createIdempotencyRepository(db),
    keys: createKeysRepository(db, dialect, keyTotals),
    keyAuthImport: createKeyAuthImportRepository(keyTotals),
    keyAuthApps: createKeyAuthAppsRepository(db, dialect),
    keyauthProtocol: createKeyAuthProtocolRepository(db),
    loader: createLoaderRepository(ctx),
    newsletter: createNewsletterRepository(db),
    notifications: createNotificationsRepository(db),
    orders: createOrdersRepository(db),
    products: createProductsRepository(db, keyTotals),
    recoveryCodes: createRecoveryCodesRepository(db),
    reseller: createResellerRepository(db),
    sellerApi: createSellerApiRepository(db),
    settings: createSettingsRepository(db),
    shop: createShopRepository(db),
    signupHolds: createSignupHoldsRepository(db),
    subscriptions: createSubscriptionsRepository(db, dialect),
    support: createSupportRepository(db, dialect),
    totp: createTotpRepository(db),
    userAdmin: createUserAdminRepository(db, keyTotals, lateEvents),
    userBalances: createUserBalancesRepository(db),
    userDirectory: createUserDirectoryRepository(db, dialect),
    userLogins: createUserLoginsRepository(db),
    userSessions: createSessionsRepository(db),
    users: createUsersRepository(db),
    webhooks: createWebhooksRepository(db, dialect),
  };

  // The kernel most services use.
  const activity = createActivityService({ clock, repository: repos.activity });
  const notifications = createNotificationsService({ db, clock, repository: repos.notifications });
  const balance = createBalanceService({
    clock,
    repository: repos.balance,
    balances: repos.userBalances,
  });
  const files = createFilesService({ repository: repos.files });
  const uploads = createFileUploadService({ ...ctx, repository: repos.files });
  const settingsCache = createSettingsCache({
    clock,
    repository: repos.settings,
    invalidations: ctx.sharedState,
  });
  const avatars = createAvatarService({ files, uploads, userAdmin: repos.userAdmin });
  const credentials = createCredentialsChecker({
    clock,
    users: repos.users,
    totp: repos.totp,
    recoveryCodes: repos.recoveryCodes,
    holds: repos.signupHolds,
  });
  const subscriptions = createSubscriptionsService({
    ...ctx,
    repository: repos.subscriptions,
    // The grant's locked in-transaction read of pause_all_users (never the cache).
    settings: repos.settings,
    events: lateEvents,
    activity,
  });

  // Outgoing webhooks: the fan-out handlers queue deliveries, the dispatcher sends them.
  const webhookDispatcher = createWebhookDispatcher({
    db,
    clock,
    jobLeases: ctx.jobLeases,
    repository: repos.webhooks,
    allowPrivate: ctx.config.webhooks.allowPrivateUrls,
    discordApiUrl: ctx.config.webhooks.discordApiUrl,
    log,
  });

  // Domain events (docs/architecture.md): who reacts to what, after the change committed.
  const fulfilment = createOrderFulfilment({
    clock,
    orders: repos.orders,
    products: repos.products,
    subscriptions,
    balance,
    activity,
    events: lateEvents,
  });
  const outbox = createOutbox({
    db,
    dialect,
    clock,
    log,
    background: ctx.background,
    handlers: [
      createRedemptionXp({ users: repos.users }),
      createPurchaseXp({ users: repos.users }),
      createKeyRedeemedNotice({ repository: repos.reseller, notifications }),
      ...createMachineBoundNotice({ ...ctx, notifications, users: repos.users }),
      ...createNewDeviceNotice({ ...ctx, notifications, users: repos.users }),
      createApiTokenEpochRevocation({ repository: repos.apiTokens, events: lateEvents }),
      createApiTokensRevokedMail({ ...ctx, users: repos.users }),
      createDepositApprovedNotice({ notifications }),
      createDepositRejectedNotice({ notifications }),
      createTicketAnsweredNotice({ notifications }),
      ...createActivityHandlers({ activity, repository: repos.activity }),
      // The deposits service is built after the outbox it records in: bound late.
      createPaymentNotifiedHandler({ settle: (paymentId) => deposits.settle(paymentId) }),
      ...createOrderCompletion({
        clock,
        orders: repos.orders,
        fulfilment,
        activity,
        events: lateEvents,
      }),
      ...createPurchaseNotices({ ...ctx, notifications, users: repos.users }),
      ...createExpiryMail({ ...ctx, users: repos.users }),
      ...createAnalyticsHandlers({ rollups: repos.analyticsRollups }),
      ...createWebhookHandlers({
        clock,
        repository: repos.webhooks,
        kick: () => webhookDispatcher.kick(),
      }),
      ...extraHandlers,
    ],
  });
  // What services that change state get of it: its transactions, to record their events in.
  const events: EventRecorder = outbox;

  const redemption = createKeyRedemption({
    events,
    clock,
    keys: repos.keys,
    users: repos.users,
    subscriptions,
    products: repos.products,
  });
  const keyIssuer = createKeyIssuer({ clock, keys: repos.keys });

  const sessions = createSessionsService({
    ...ctx,
    sessions: repos.userSessions,
    users: repos.users,
    events,
  });
  const auth = createAuthService({
    ...ctx,
    sessions,
    sessionRows: repos.userSessions,
    users: repos.users,
    accounts: repos.userAdmin,
    emailTokens: repos.emailTokens,
    holds: repos.signupHolds,
    settings: settingsCache,
    credentials,
    logins: repos.userLogins,
    activity,
    events,
  });

  const deposits: DepositsService = createDepositsService({
    db,
    clock,
    deposits: repos.deposits,
    // The payment rows, written with their activity line and read in the deposit's transaction.
    settings: repos.settings,
    balance,
    activity,
    gateway: createMercadoPagoClient({ baseUrl: ctx.config.mercadoPagoApiUrl }),
    webhookUrl: `${ctx.config.publicUrl}/api/payments/mercadopago/webhook`,
    events,
    log,
  });

  // Loader heartbeats note presence in memory; it is written every few seconds and on close.
  const presence = createPresence(ctx, log);
  const loaderSessions = createLoaderSessions(ctx.config.jwtSecret, clock);

  const dashboard = createDashboardService({ clock, repository: repos.dashboard });

  const built = {
    /** The outbox's poller is started and stopped with the app; tests drain it. */
    outbox,
    settingsCache,
    presence,
    /** "Subscription expiring" notifications, started and stopped with the app. */
    expiryReminders: createExpiryReminders({
      clock,
      jobLeases: ctx.jobLeases,
      repository: repos.notifications,
      notifications,
      events,
      log,
    }),
    /** The poll of pending Mercado Pago charges, started and stopped with the app. */
    gatewayPoll: createGatewayPoll({
      clock,
      jobLeases: ctx.jobLeases,
      deposits: repos.deposits,
      settle: (paymentId) => deposits.settle(paymentId),
      log,
    }),
    /** The outgoing webhooks' sender, started and stopped with the app. */
    webhookDispatcher,
    webhooks: createWebhooksService({
      db,
      clock,
      repository: repos.webhooks,
      activity,
      dispatcher: webhookDispatcher,
      allowPrivate: ctx.config.webhooks.allowPrivateUrls,
    }),
    /** The analytics minute sample (online users, gauges, usage), started and stopped with the app. */
    analyticsSampler: createAnalyticsSampler({
      db,
      clock,
      jobLeases: ctx.jobLeases,
      rollups: repos.analyticsRollups,
      // The metric cards' own computation: one definition of 'Usuários Online' and the rest.
      cards: () => dashboard.freshMetrics(),
      flushPresence: () => presence.flush(),
      log,
    }),
    /** The role guard's per-request read of the token's user and live session. */
    loadAuthUser: (id: string, sessionId: string) => sessions.loadUser(id, sessionId),
    sessions,
    /** Per-account limits; the login one is shared by the site's and the loader's login. */
    accountLimits: createAccountLimits(repos.users),
    loaderSessions,

    activity,
    keyAuthImport: createKeyAuthImport({
      db,
      clock,
      repository: repos.keyAuthImport,
      usersRepository: repos.users,
      products: repos.products,
      activity,
    }),
    adminActions: createAdminActionsService({
      db,
      repository: repos.adminActions,
      subscriptions,
      accounts: repos.userAdmin,
      activity,
      files,
    }),
    adminProfile: createAdminProfileService({
      db,
      clock,
      users: repos.users,
      userAdmin: repos.userAdmin,
      avatars,
      activity,
    }),
    adminResellers: createAdminResellersService({
      db,
      clock,
      resellers: repos.adminResellers,
      users: repos.users,
      userAdmin: repos.userAdmin,
      activity,
      balance,
      events,
    }),
    adminUsers: createAdminUsersService({
      db,
      clock,
      users: repos.users,
      userAdmin: repos.userAdmin,
      directory: repos.userDirectory,
      products: repos.products,
      subscriptions,
      activity,
      files,
      events,
      sessions: repos.userSessions,
    }),
    analytics: createAnalyticsService({ clock, repository: repos.analytics }),
    /** Seller API tokens; their `authenticate` is the `/api/v1` guard's per-request check. */
    apiTokens: createApiTokensService({
      ...ctx,
      repository: repos.apiTokens,
      activity,
    }),
    /** `Idempotency-Key` on the seller API's POSTs: hooks of the `/api/v1` scope. */
    sellerApiIdempotency: createIdempotency({
      clock,
      background: ctx.background,
      repository: repos.idempotency,
      log,
    }),
    auth,
    avatarRenderer: createAvatarRenderer(),
    bypass: createBypassService({ db, clock, repository: repos.bypass, activity }),
    client: createClientService({
      clock,
      client: repos.client,
      users: repos.users,
      settings: settingsCache,
      subscriptions,
      redemption,
      usage: repos.analytics,
      files,
    }),
    adminConsole: createAdminConsoleService({
      db,
      clock,
      repository: repos.adminConsole,
      outbox,
      activity,
    }),
    dashboard,
    deposits,
    files,
    health: createHealthService({
      dialect,
      draining: ctx.draining,
      sharedState: ctx.sharedState,
      repository: repos.health,
    }),
    keys: createKeysService({
      db,
      clock,
      keys: repos.keys,
      products: repos.products,
      subscriptions,
      redemption,
      activity,
      issuer: keyIssuer,
      events,
    }),
    loader: createLoaderService({
      db,
      clock,
      sharedState: ctx.sharedState,
      repository: repos.loader,
      users: repos.users,
      credentials,
      redemption,
      files,
      activity,
      events,
      subscriptions,
      settings: settingsCache,
      presence,
      sessions: loaderSessions,
    }),
    /** The admin's KeyAuth compatibility of products: settings, variables, HWID blacklist. */
    keyAuthApps: createKeyAuthAppsService({
      db,
      clock,
      repository: repos.keyAuthApps,
      activity,
      publicUrl: ctx.config.publicUrl,
      signer: loaderSigner,
    }),
    newsletter: createNewsletterService({ clock, subscribers: repos.newsletter }),
    orders: createOrdersService({
      clock,
      orders: repos.orders,
      fulfilment,
      subscriptions,
      users: repos.users,
      deposits,
      settings: repos.settings,
      events,
    }),
    notifications,
    products: createProductsService({
      db,
      clock,
      products: repos.products,
      files,
      uploads,
      activity,
    }),
    profile: createProfileService({
      ...ctx,
      users: repos.users,
      accounts: repos.userAdmin,
      emailTokens: repos.emailTokens,
      totp: repos.totp,
      recoveryCodes: repos.recoveryCodes,
      credentials,
      avatars,
      auth,
      sessions: repos.userSessions,
    }),
    reseller: createResellerService({
      clock,
      repository: repos.reseller,
      products: repos.products,
      keys: repos.keys,
      issuer: keyIssuer,
      balance,
      activity,
      // The global reseller discount, read in the purchase's own transaction.
      settings: repos.settings,
      events,
    }),
    settings: createSettingsService({
      db,
      clock,
      repository: repos.settings,
      cache: settingsCache,
      subscriptions,
      activity,
      events,
    }),
    shop: createShopService({
      clock,
      shop: repos.shop,
      products: repos.products,
      subscriptions,
      fulfilment,
      orders: repos.orders,
      events,
    }),
    support: createSupportService({
      db,
      clock,
      tickets: repos.support,
      activity,
      events,
    }),
  };

  // KeyAuth's loader protocol (issue #26): our loader's checks, run as steps.
  const keyauthProtocol = createKeyAuthProtocolService({
    clock,
    publicUrl: ctx.config.publicUrl,
    repository: repos.keyauthProtocol,
    loader: built.loader,
    users: repos.users,
    accounts: repos.userAdmin,
    redemption,
    activity,
    events,
  });
  /** Expired KeyAuth sessions deleted every 10 minutes, started and stopped with the app. */
  const keyauthSessionPurge = createPeriodicJob({
    run: () => keyauthProtocol.purgeExpiredSessions(),
    intervalMs: 10 * 60 * 1000,
    // A delete of what expired: two at once delete it once.
    lease: { name: 'keyauth-session-purge', leases: ctx.jobLeases },
    onError: (error) => log.error({ err: error }, 'keyauth session purge failed'),
  });

  // The customer page reads its sections through the services that list them for the customer.
  const adminCustomers = createAdminCustomersService({
    clock,
    customers: repos.customers,
    subscriptions,
    balance,
    deposits,
    orders: built.orders,
    support: built.support,
    client: built.client,
    clientRepo: repos.client,
  });

  return {
    ...built,
    keyauthProtocol,
    keyauthSessionPurge,
    adminCustomers,
    // The seller API acts through the dashboards' own services (same prices, rules and logs).
    sellerApi: createSellerApiService({
      clock,
      repository: repos.sellerApi,
      events,
      keys: built.keys,
      keyRows: repos.keys,
      reseller: built.reseller,
      adminUsers: built.adminUsers,
      adminCustomers,
      subscriptions,
      users: repos.users,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

/**
 * The first admin's seeding, run by main.ts before the app is built (and by `--migrate-only`):
 * only the users repository it needs, none of the app's timers.
 */
export function createAdminSeed(ctx: Pick<AppContext, 'config' | 'db' | 'clock'>) {
  return createAdminSeedService({ ...ctx, users: createUsersRepository(ctx.db) });
}

/**
 * `npm run import:keyauth`, run by main.ts instead of the server: the import with only the
 * repositories it writes through (the key-count cache is this process's own).
 */
export function createKeyAuthImportCommand(ctx: Pick<AppContext, 'db' | 'clock'>) {
  return createKeyAuthImport({
    ...ctx,
    repository: createKeyAuthImportRepository(createCountCache(0)),
    usersRepository: createUsersRepository(ctx.db),
    products: createProductsRepository(ctx.db, createCountCache(0)),
    activity: createActivityService({
      clock: ctx.clock,
      repository: createActivityRepository(ctx.db, createCountCache(0)),
    }),
  });
}
