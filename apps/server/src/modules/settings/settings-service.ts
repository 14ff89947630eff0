import type {
  PublicSettings,
  ResellerPricing,
  ResellerPricingBody,
  ResellerPricingResponse,
  Settings,
  UpdateSettingBody,
  UpdateSettingResponse,
} from '@chaveiro/contract';
import {
  RESELLER_DISCOUNT_SETTING_KEY,
  SETTINGS_CACHE_MS,
  SETTING_VALUES,
  basisPointsToPercent,
  messages,
  percentToBasisPoints,
} from '@chaveiro/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { sharedTtlCache } from '../../platform/state/ttl-cache.js';
import type { CacheInvalidations } from '../../platform/state/shared-state.js';
import { withTransaction } from '../../platform/db/database.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import { resellerDiscountBasisPoints } from './reseller-discount.js';
import type { SettingsRepository } from './settings-repository.js';

const text = messages.settings;
const pricing = messages.resellerPricing;

/** 12,5% for activity lines. */
function percentText(basisPoints: number): string {
  return `${basisPointsToPercent(basisPoints).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
}

/** Stored values as the typed settings; an unknown or missing value reads as the default. */
function toSettings(values: Map<string, string>): Settings {
  function pick<T extends string>(
    allowed: readonly T[],
    value: string | undefined,
    fallback: T,
  ): T {
    return allowed.find((candidate) => candidate === value) ?? fallback;
  }
  return {
    server_status: pick(SETTING_VALUES.server_status, values.get('server_status'), 'online'),
    maintenance_mode: pick(SETTING_VALUES.maintenance_mode, values.get('maintenance_mode'), 'off'),
    pause_all_users: pick(SETTING_VALUES.pause_all_users, values.get('pause_all_users'), 'off'),
  };
}

/** The settings cache's name in announcements to the other nodes. */
const SETTINGS_CACHE_NAME = 'settings';

/**
 * The settings as read by hot paths (the maintenance gate runs on every API call): cached for
 * at most SETTINGS_CACHE_MS. This node's own changes drop the cache at once and are announced
 * to the other nodes (Redis), which drop theirs on the announcement; one lost is made good by
 * the expiry, so another node's change is seen within a second at worst.
 */
export function createSettingsCache({
  clock,
  repository,
  invalidations,
}: Pick<AppContext, 'clock'> & {
  repository: SettingsRepository;
  invalidations: CacheInvalidations;
}) {
  const cache = sharedTtlCache<Settings>(invalidations, SETTINGS_CACHE_NAME, SETTINGS_CACHE_MS);
  return {
    read: (): Promise<Settings> =>
      cache.get('settings', () => repository.getAll().then(toSettings), clock.now()),
    invalidate: (): void => cache.clear(),
  };
}

export type SettingsCache = ReturnType<typeof createSettingsCache>;

export interface SettingsServiceDeps extends Pick<AppContext, 'db' | 'clock'> {
  repository: SettingsRepository;
  cache: SettingsCache;
  /** "Pause all" and its undo freeze and restart the clocks (one event per subscription). */
  subscriptions: Pick<SubscriptionsService, 'applyPauseAll'>;
  activity: ActivityService;
  /** The transaction a change of the pause's clocks records its events in. */
  events: EventRecorder;
}

/** Global settings and their effects (spec §2 Admin settings, DESIGN.md). */
export function createSettingsService({
  db,
  clock,
  repository,
  cache,
  subscriptions,
  activity,
  events,
}: SettingsServiceDeps) {
  async function current(executor: Kysely<Database> = db): Promise<Settings> {
    return toSettings(await repository.getAll(executor));
  }

  return {
    get: () => current(),

    async publicSettings(): Promise<PublicSettings> {
      const { server_status, maintenance_mode } = await cache.read();
      return { server_status, maintenance_mode };
    },

    /**
     * Stores one setting. The row is written first, so on PostgreSQL two changes of it (and a
     * grant reading it FOR SHARE) take turns. Pause all freezes every running subscription;
     * its undo restarts only those (paused_by = global).
     */
    async update(body: UpdateSettingBody, actor: Actor): Promise<UpdateSettingResponse> {
      const result = await events.transaction(async (trx) => {
        const now = clock.now();
        await repository.set(body.key, body.value, now, trx);
        let message: string = text.updated;
        let action = text.logSetting(body.key, body.value);
        if (body.key === 'pause_all_users') {
          const pausing = body.value === 'on';
          const count = await subscriptions.applyPauseAll(trx, pausing, now);
          message = pausing ? text.allPaused(count) : text.allResumed(count);
          action = pausing ? text.logPauseAll(count) : text.logResumeAll(count);
        }
        await activity.record(trx, actor, {
          type: 'settings.changed',
          action,
          target: `setting:${body.key}`,
        });
        return { message, ...(await current(trx)) };
      });
      cache.invalidate();
      return result;
    },

    async resellerPricing(): Promise<ResellerPricing> {
      return {
        discountPercent: basisPointsToPercent(await resellerDiscountBasisPoints(repository)),
      };
    },

    /** Sets the global reseller discount; a change is an activity row (an unchanged save is not). */
    async setResellerPricing(
      body: ResellerPricingBody,
      actor: Actor,
    ): Promise<ResellerPricingResponse> {
      const after = percentToBasisPoints(body.discountPercent);
      await withTransaction(db, async (trx) => {
        const before = await resellerDiscountBasisPoints(repository, trx);
        await repository.set(RESELLER_DISCOUNT_SETTING_KEY, String(after), clock.now(), trx);
        if (before !== after) {
          await activity.record(trx, actor, {
            type: 'settings.changed',
            action: pricing.logDiscount(percentText(before), percentText(after)),
            target: `setting:${RESELLER_DISCOUNT_SETTING_KEY}`,
          });
        }
      });
      return { message: pricing.discountSaved, discountPercent: basisPointsToPercent(after) };
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
