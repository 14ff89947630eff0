import { Readable } from 'node:stream';
import type {
  ClientDashboard,
  ClientLoader,
  ClientSubscription,
  DailyBonusResponse,
  RedeemHistoryItem,
  RedeemKeyResponse,
  MessageResponse,
} from '@chaveiro/contract';
import {
  formatDuration,
  timeFreezes,
  ANALYTICS_LIMITS,
  XP_RULES,
  loaderFileMessages,
  messages,
  rankFor,
} from '@chaveiro/contract';
import { BUSINESS_TIME_ZONE, addDays, dayIn } from '../../platform/core/calendar.js';
import type { AppContext } from '../../platform/core/context.js';
import type { AppError } from '../../platform/core/errors.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../platform/core/errors.js';
import type { AnalyticsRepository } from '../analytics/index.js';
import type { FilesService } from '../files/index.js';
import type { SettingsCache } from '../settings/index.js';
import type { SubscriptionDetail, SubscriptionsService } from '../subscriptions/index.js';
import { DAY_MS, effectiveExpiry, freeReleaseDue, recentlyBound } from '../subscriptions/index.js';
import type { KeyRedemption } from '../keys/index.js';
import type { UsersRepository } from '../users/index.js';
import type { ClosedCode, UnusableCode } from '../loader/index.js';
import { unavailabilityOf } from '../loader/index.js';
import type { ClientRepository, MachineRow, OwnSubscriptionRow } from './client-repository.js';
import { isOnline, subscriptionStanding } from './subscription-standing.js';

const text = messages.client;
const HISTORY_LIMIT = 200;
/** How long the card says what a product's freeze gave back ("+2 d 4 h devolvidos"). */
const GIVEN_BACK_SHOWN_MS = 7 * DAY_MS;

/** Dates in customer messages are Brazilian: dd/MM/yyyy in São Paulo time. */
const brDate = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

export interface ClientServiceDeps extends Pick<AppContext, 'clock'> {
  client: ClientRepository;
  /** The daily bonus's XP, granted on the account. */
  users: Pick<UsersRepository, 'claimDailyBonus'>;
  settings: SettingsCache;
  /** The owner's pause and resume, HWID reset and machine release are the subscriptions'. */
  subscriptions: Pick<SubscriptionsService, 'setOwnStatus' | 'resetOwnHwid' | 'releaseOwnMachine'>;
  redemption: KeyRedemption;
  /** The minutes online per subscription and day (the card's usage). */
  usage: Pick<AnalyticsRepository, 'usage'>;
  /** The bytes of the products' loader files. */
  files: Pick<FilesService, 'metadata' | 'stream'>;
}

/** A loader file as a subscriber downloads it. */
export interface LoaderDownload {
  name: string;
  size: number;
  /** Streamed a piece at a time: a 64 MB loader is never held whole. */
  bytes: Readable;
}

/** The customer area: own subscriptions, HWID resets, key redemption and loyalty. */
export function createClientService({
  clock,
  client,
  users,
  settings,
  subscriptions,
  redemption,
  usage,
  files,
}: ClientServiceDeps) {
  /**
   * Minutes online per subscription over the last `usageDays` São Paulo days (today included),
   * every day present, oldest first: one read for all the user's subscriptions.
   */
  async function usageOf(userId: string, now: number) {
    const to = dayIn(BUSINESS_TIME_ZONE, now);
    const from = addDays(to, -(ANALYTICS_LIMITS.usageDays - 1));
    const days = Array.from({ length: ANALYTICS_LIMITS.usageDays }, (_, i) => addDays(from, i));
    const minutes = new Map<string, Map<string, number>>();
    for (const row of await usage.usage(userId, from, to)) {
      let perDay = minutes.get(row.subscription_id);
      if (!perDay) minutes.set(row.subscription_id, (perDay = new Map<string, number>()));
      perDay.set(row.day, row.minutes);
    }
    return (subscriptionId: string) => {
      const usageDays = days.map((day) => ({
        day,
        minutes: minutes.get(subscriptionId)?.get(day) ?? 0,
      }));
      return {
        online_minutes_30d: usageDays.reduce((total, day) => total + day.minutes, 0),
        usage_days: usageDays,
      };
    };
  }

  function toCard(
    sub: OwnSubscriptionRow,
    machines: MachineRow[],
    now: number,
    usageOfSub: { online_minutes_30d: number; usage_days: { day: string; minutes: number }[] },
  ) {
    const standing = subscriptionStanding(sub, machines, now);
    return {
      subscription_id: sub.id,
      product_name: sub.product_name,
      subscription_status: sub.status,
      expires_at: standing.expires_at,
      days_remaining: standing.days_remaining,
      is_expired: standing.is_expired,
      hwid: machines.length ? machines.map((machine) => machine.hwid).join(', ') : null,
      last_seen_at: standing.last_seen_at,
      // Online means a bound machine: one just unbound by a reset is not.
      is_online: machines.some((machine) => isOnline(machine.last_seen_at, now)),
      pause_credits: sub.pause_credits,
      hwid_reset_credits: sub.hwid_reset_credits,
      max_devices: sub.max_devices,
      // A product's freeze is nobody's pause: it lifts itself when the product returns.
      paused_by_admin:
        sub.status === 'paused' && sub.paused_by !== 'user' && sub.paused_by !== 'product',
      frozen_by_product: sub.status === 'paused' && sub.paused_by === 'product',
      product_status: productStatusOf(sub),
      given_back: givenBackOf(sub, now),
      machines: machines.map((machine) => ({
        id: machine.id,
        hwid: machine.hwid,
        bound_at: new Date(machine.first_seen_at).toISOString(),
        last_seen_at: new Date(machine.last_seen_at).toISOString(),
        is_online: isOnline(machine.last_seen_at, now),
        free_release:
          recentlyBound(machine.first_seen_at, now) && freeReleaseDue(sub.free_release_at, now),
      })),
      ...usageOfSub,
      loader: loaderOf(sub),
    } satisfies ClientSubscription;
  }

  function bonusAvailableAt(lastClaim: number | null, now: number): number | null {
    if (lastClaim === null) return null;
    const next = lastClaim + XP_RULES.dailyBonusIntervalMs;
    return next > now ? next : null;
  }

  return {
    async dashboard(userId: string): Promise<ClientDashboard> {
      const now = clock.now();
      const [subs, machines, loyalty, current, usageFor] = await Promise.all([
        client.listSubscriptions(userId),
        client.listMachines(userId),
        client.loyalty(userId),
        settings.read(),
        usageOf(userId, now),
      ]);
      if (!loyalty) throw new NotFoundError();
      const nextBonus = bonusAvailableAt(loyalty.daily_bonus_at, now);
      return {
        subscriptions: subs.map((sub) =>
          toCard(
            sub,
            machines.filter((machine) => machine.subscription_id === sub.id),
            now,
            usageFor(sub.id),
          ),
        ),
        balance: loyalty.balance_cents / 100,
        xp: loyalty.xp,
        rank: rankFor(loyalty.xp),
        server_status: current.server_status,
        daily_bonus_available_at: nextBonus === null ? null : new Date(nextBonus).toISOString(),
      };
    },

    setStatus(userId: string, id: string, status: 'active' | 'paused'): Promise<MessageResponse> {
      return subscriptions.setOwnStatus(userId, id, status);
    },

    resetHwid(userId: string, subscriptionId?: string): Promise<MessageResponse> {
      return subscriptions.resetOwnHwid(userId, subscriptionId);
    },

    /** Unbinds one machine ('Liberar'): free once in a while for a new one, else a reset credit. */
    releaseMachine(
      userId: string,
      subscriptionId: string,
      machineId: string,
    ): Promise<MessageResponse> {
      return subscriptions.releaseOwnMachine(userId, subscriptionId, machineId);
    },

    /** Answers the subscription the key went into and its loader, for "Baixar loader". */
    async redeem(userId: string, keyValue: string, ip: string): Promise<RedeemKeyResponse> {
      const { subscription } = await redemption.redeemKey(
        userId,
        { key: keyValue },
        { via: 'customer', ip },
      );
      const now = clock.now();
      const own = await client.findSubscription(userId, subscription.id);
      const unavailable = own ? unavailabilityOf(await settings.read(), own, now) : undefined;
      return {
        message: redeemedMessage(subscription, now),
        subscription_id: subscription.id,
        loader: own ? loaderOf(own) : null,
        loader_unavailable:
          own && unavailable ? downloadRefusal(unavailable, own.product_status_note).message : null,
      };
    },

    /**
     * The loader file of the user's own subscription while the loader API would admit it (the
     * loader module's availability rule: server open, product on and operational, subscription
     * running), logged
     * with the address it went to.
     */
    async downloadLoader(
      userId: string,
      subscriptionId: string,
      ip: string,
    ): Promise<LoaderDownload> {
      const sub = await client.findSubscription(userId, subscriptionId);
      // Another user's id answers exactly like an unknown one: nothing leaks.
      if (!sub) throw new NotFoundError(loaderFileMessages.subscriptionNotFound);
      const now = clock.now();
      const unavailable = unavailabilityOf(await settings.read(), sub, now);
      if (unavailable) throw downloadRefusal(unavailable, sub.product_status_note);
      if (!sub.loader_sha256) {
        throw new NotFoundError(loaderFileMessages.loaderMissing, 'LOADER_MISSING');
      }
      // Replaced in between: the old bytes may be gone; the customer retries with the new one.
      const file = await files.metadata(sub.loader_sha256).catch(() => {
        throw new NotFoundError(loaderFileMessages.loaderMissing, 'LOADER_MISSING');
      });
      await client.logLoaderDownload({
        userId,
        subscriptionId,
        productId: sub.product_id,
        sha256: sub.loader_sha256,
        version: sub.loader_version ?? '',
        ip,
        now,
      });
      return {
        name: versionedName(sub.loader_name ?? 'loader.exe', sub.loader_version ?? ''),
        size: file.size,
        bytes: Readable.from(files.stream(sub.loader_sha256)),
      };
    },

    async history(userId: string): Promise<RedeemHistoryItem[]> {
      const now = clock.now();
      const rows = await client.redeemHistory(userId, HISTORY_LIMIT);
      return rows.map((row) => {
        const expiry =
          row.status === null
            ? (row.redeemed_at ?? now)
            : effectiveExpiry(
                {
                  status: row.status,
                  expires_at: row.expires_at,
                  paused_remaining_ms: row.paused_remaining_ms,
                },
                now,
              );
        return {
          id: row.id,
          key_value: row.key,
          product_name: row.product_name,
          expires_at: new Date(expiry).toISOString(),
          subscription_status: row.status !== null && expiry > now ? 'active' : 'expired',
          redeemed_at: new Date(row.redeemed_at ?? now).toISOString(),
        };
      });
    },

    async claimDailyBonus(userId: string): Promise<DailyBonusResponse> {
      const now = clock.now();
      const claimed = await users.claimDailyBonus(
        userId,
        XP_RULES.dailyBonus,
        now,
        XP_RULES.dailyBonusIntervalMs,
      );
      const loyalty = await client.loyalty(userId);
      if (!loyalty) throw new NotFoundError();
      if (!claimed) {
        const next = (loyalty.daily_bonus_at ?? now) + XP_RULES.dailyBonusIntervalMs;
        throw new ConflictError(text.dailyBonusWait(waitText(next - now)), 'DAILY_BONUS_CLAIMED');
      }
      return {
        message: text.dailyBonusClaimed(XP_RULES.dailyBonus),
        xp: loyalty.xp,
        rank: rankFor(loyalty.xp),
        daily_bonus_available_at: new Date(now + XP_RULES.dailyBonusIntervalMs).toISOString(),
      };
    },
  };
}

/**
 * A download the loader's availability rule refuses, in the customer's words; a product not
 * operational says so with the seller's note, as the loader itself would.
 */
function downloadRefusal(code: ClosedCode | UnusableCode, note: string | null): AppError {
  switch (code) {
    case 'PRODUCT_UPDATING':
      return new ServiceUnavailableError(loaderFileMessages.productUpdating(note), code);
    case 'PRODUCT_UNAVAILABLE':
      return new ServiceUnavailableError(loaderFileMessages.productUnavailable(note), code);
    case 'SUBSCRIPTION_PAUSED':
      return new ConflictError(loaderFileMessages.subscriptionPaused, code);
    case 'SUBSCRIPTION_EXPIRED':
      return new ConflictError(loaderFileMessages.subscriptionExpired, code);
    case 'PRODUCT_DISABLED':
      return new ConflictError(loaderFileMessages.productDisabled, code);
    case 'SERVER_OFFLINE':
      return new ConflictError(loaderFileMessages.serverOffline, code);
    case 'MAINTENANCE':
      return new ServiceUnavailableError(messages.settings.maintenance, code);
    case 'ACCOUNT_BANNED':
    case 'EMAIL_NOT_VERIFIED':
      return new ForbiddenError(messages.loader.refusals[code], code);
  }
}

/** "5 h 12 min" / "12 min" for the wait until the next bonus. */
function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return hours > 0 ? `${String(hours)} h ${String(rest)} min` : `${String(rest)} min`;
}

/**
 * The download's name carries the version ("loader.exe", "2.4.1" → "loader-2.4.1.exe"), so two
 * versions on the customer's disk are told apart; a name that already has it is kept.
 */
export function versionedName(name: string, version: string): string {
  if (!version || name.includes(version)) return name;
  const dot = name.lastIndexOf('.');
  const safeVersion = version.replace(/[\\/:*?"<>|\s]+/g, '_');
  return dot > 0
    ? `${name.slice(0, dot)}-${safeVersion}${name.slice(dot)}`
    : `${name}-${safeVersion}`;
}

/**
 * What a redeem answers: the expiry of a running subscription, or, while its product's freeze or
 * "pause all" holds it, the time it has and when that starts counting.
 */
function redeemedMessage(
  sub: Pick<
    SubscriptionDetail,
    'product_name' | 'status' | 'paused_by' | 'expires_at' | 'paused_remaining_ms'
  >,
  now: number,
): string {
  if (sub.status === 'paused' && (sub.paused_by === 'product' || sub.paused_by === 'global')) {
    return text.keyRedeemedFrozen(
      sub.product_name,
      formatDuration(Number(sub.paused_remaining_ms ?? 0)),
      sub.paused_by === 'product' ? text.frozenUntilProductReturns : text.frozenUntilPauseEnds,
    );
  }
  return text.keyRedeemed(sub.product_name, brDate.format(new Date(effectiveExpiry(sub, now))));
}

/** Whether the subscription's product works now, as the card shows it. */
function productStatusOf(sub: OwnSubscriptionRow): ClientSubscription['product_status'] {
  return {
    status: sub.product_operational_status,
    note: sub.product_status_note,
    time_frozen: timeFreezes({
      status: sub.product_operational_status,
      freezeTime: sub.product_freeze_time,
    }),
    since: new Date(Number(sub.product_status_since)).toISOString(),
  };
}

/** The time the product's latest freeze gave back, for a week after it did. */
function givenBackOf(sub: OwnSubscriptionRow, now: number): ClientSubscription['given_back'] {
  const ms = Number(sub.given_back_ms);
  if (ms <= 0 || sub.given_back_at === null) return null;
  const at = Number(sub.given_back_at);
  if (now - at > GIVEN_BACK_SHOWN_MS) return null;
  return { ms, at: new Date(at).toISOString() };
}

/** The product's loader file as the card and the redeem answer show it. */
function loaderOf(sub: OwnSubscriptionRow): ClientLoader | null {
  return sub.loader_sha256 === null
    ? null
    : {
        name: sub.loader_name ?? 'loader.exe',
        version: sub.loader_version ?? '',
        size: Number(sub.loader_size ?? 0),
        notes: sub.loader_notes ?? '',
        uploaded_at: new Date(Number(sub.loader_uploaded_at ?? 0)).toISOString(),
      };
}

export type ClientService = ReturnType<typeof createClientService>;
