import { ADMIN_LIMITS } from '@chaveiro/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { AnyEventHandler } from './events/index.js';
import { createOutbox } from './events/index.js';
import type { ModuleTrace, Platform } from './module.js';
import { Composition } from './module.js';
import { createActivityModule } from './modules/activity/index.js';
import { createActivityRepository, createActivityService } from './modules/activity/index.js';
import { createAdminActionsModule } from './modules/admin-actions/index.js';
import { createAdminConsoleModule } from './modules/admin-console/index.js';
import { createAdminCustomersModule } from './modules/admin-customers/index.js';
import { createAdminProfileModule } from './modules/admin-profile/index.js';
import { createAdminResellersModule } from './modules/admin-resellers/index.js';
import { createAdminUsersModule } from './modules/admin-users/index.js';
import { createAnalyticsModule } from './modules/analytics/index.js';
import { createApiTokensModule } from './modules/api-tokens/index.js';
import { createAuthModule } from './modules/auth/index.js';
import { createBalanceModule } from './modules/balance/index.js';
import { createBypassModule } from './modules/bypass/index.js';
import { createClientModule } from './modules/client/index.js';
import { createDashboardModule } from './modules/dashboard/index.js';
import { createDeliveryModule } from './modules/delivery/index.js';
import { createDepositsModule } from './modules/deposits/index.js';
import { createFilesModule } from './modules/files/index.js';
import { createHealthModule } from './modules/health/index.js';
import { createKeyAuthModule } from './modules/keyauth/index.js';
import {
  createKeyAuthImport,
  createKeyAuthImportModule,
  createKeyAuthImportRepository,
} from './modules/keyauth-import/index.js';
import { createKeysModule, createKeysRepository } from './modules/keys/index.js';
import { createLoaderModule } from './modules/loader/index.js';
import { createLoaderSecurityModule } from './modules/loader-security/index.js';
import { createNewsletterModule } from './modules/newsletter/index.js';
import { createNotificationsModule } from './modules/notifications/index.js';
import { createOrdersModule } from './modules/orders/index.js';
import { createProductsModule, createProductsRepository } from './modules/products/index.js';
import { createProfileModule } from './modules/profile/index.js';
import { createResellerModule } from './modules/reseller/index.js';
import { createSellerApiModule } from './modules/seller-api/index.js';
import { createStatusPageModule } from './modules/status-page/index.js';
import { createSettingsModule, createSettingsStoreModule } from './modules/settings/index.js';
import { createShopModule } from './modules/shop/index.js';
import { createSubscriptionsModule } from './modules/subscriptions/index.js';
import { createSupportModule } from './modules/support/index.js';
import {
  createAdminSeedService,
  createUsersModule,
  createUsersRepository,
} from './modules/users/index.js';
import { createWebhooksModule } from './modules/webhooks/index.js';
import type { AppContext } from './platform/core/context.js';
import { createCountCache, sharedCountCache } from './platform/state/count-cache.js';
import { sharedTtlCache } from './platform/state/ttl-cache.js';
import type { EarlyRefusals } from './platform/http/early-refusals.js';
import type { Signer } from './platform/crypto/signing.js';

export interface ServicesOptions {
  /** The loader signing key, shared by our loader API and KeyAuth's (built by app.ts). */
  loaderSigner: Signer;
  earlyRefusals: EarlyRefusals;
  /** Handlers beside the modules' own (tests' probes). */
  extraHandlers: readonly AnyEventHandler[];
  /** Route plugins under /api/v1 beside the seller API's own (tests' probes). */
  sellerApiExtensions: readonly FastifyPluginCallbackZod[];
  /** Told which modules each request enters (tests of the documented request walks). */
  trace?: ModuleTrace;
}

/**
 * The composition root: every module, in dependency order (a module's factory reads only what
 * the ones above it provide; the compiler checks it). Each contributes its services, routes,
 * event handlers and background jobs; app.ts mounts the routes and runs the jobs. Adding a
 * module is one line here.
 */
export function createServices(ctx: AppContext, log: FastifyBaseLogger, options: ServicesOptions) {
  // Domain events (docs/architecture.md): recorded by the modules in their transactions, handled
  // by the handlers they contribute, which the outbox receives once every module is built.
  const outbox = createOutbox({
    db: ctx.db,
    dialect: ctx.dialect,
    clock: ctx.clock,
    log,
    // Handlers that run after the answer are worked off the request path as background work.
    background: ctx.background,
  });
  const platform: Platform = {
    ...ctx,
    log,
    events: outbox,
    outbox,
    // Shared: a write on another node clears this node's copy too (Redis announcements).
    keyTotals: sharedCountCache(ctx.sharedState, 'key-totals', ADMIN_LIMITS.listCountCacheMs),
    userTotals: sharedCountCache(ctx.sharedState, 'user-totals', ADMIN_LIMITS.listCountCacheMs),
    // Cleared by every write; the expiry bounds only a write made behind the app's back.
    subscriptionCounts: sharedTtlCache(
      ctx.sharedState,
      'subscription-counts',
      10_000,
      undefined,
      16,
    ),
    loaderSigner: options.loaderSigner,
    earlyRefusals: options.earlyRefusals,
    sellerApiExtensions: options.sellerApiExtensions,
  };
  const app = Composition.of(platform, options.trace)
    .add(createHealthModule)
    .add(createActivityModule)
    .add(createFilesModule)
    .add(createUsersModule)
    .add(createNotificationsModule)
    .add(createSettingsStoreModule)
    .add(createBalanceModule)
    .add(createSubscriptionsModule)
    .add(createSettingsModule)
    .add(createAuthModule)
    .add(createProfileModule)
    .add(createProductsModule)
    .add(createStatusPageModule)
    .add(createKeysModule)
    .add(createDepositsModule)
    .add(createOrdersModule)
    .add(createShopModule)
    .add(createResellerModule)
    .add(createDeliveryModule)
    .add(createLoaderSecurityModule)
    .add(createLoaderModule)
    .add(createDashboardModule)
    .add(createAnalyticsModule)
    .add(createClientModule)
    .add(createSupportModule)
    .add(createAdminUsersModule)
    .add(createAdminCustomersModule)
    .add(createAdminResellersModule)
    .add(createAdminProfileModule)
    .add(createAdminActionsModule)
    .add(createAdminConsoleModule)
    .add(createBypassModule)
    .add(createNewsletterModule)
    .add(createApiTokensModule)
    .add(createWebhooksModule)
    .add(createKeyAuthModule)
    .add(createKeyAuthImportModule)
    .add(createSellerApiModule);
  outbox.subscribe([...app.handlers, ...options.extraHandlers]);
  return {
    /** What app.ts reads of the modules (the guards' per-request checks). */
    services: app.services,
    routes: app.routes,
    /** The outbox's poller first: stopped last, after every job that may record an event. */
    jobs: { outbox, ...app.jobs },
  };
}

export type Services = ReturnType<typeof createServices>;
export type Jobs = Services['jobs'];

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
export function createKeyAuthImportCommand(ctx: Pick<AppContext, 'db' | 'dialect' | 'clock'>) {
  return createKeyAuthImport({
    ...ctx,
    repository: createKeyAuthImportRepository(),
    usersRepository: createUsersRepository(ctx.db),
    products: createProductsRepository(
      ctx.db,
      createCountCache(0),
      ctx.dialect,
      createCountCache(0),
    ),
    // The import reads no list pages: no reader of its own for their anchors.
    keyRows: createKeysRepository(ctx.db, ctx.dialect, createCountCache(0), ctx.db),
    activity: createActivityService({
      clock: ctx.clock,
      repository: createActivityRepository(ctx.db, createCountCache(0)),
    }),
    subscriptionCounts: createCountCache(0),
  });
}
