import { messages } from '@chaveiro/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { createPeriodicJob } from '../../platform/jobs/periodic-job.js';
import { formatBrDate } from '../../platform/core/pt-br.js';
import type { NotificationsRepository, ReminderThreshold } from './notifications-repository.js';
import { expiringDedupeKey } from './notifications-repository.js';
import type { NotificationsService } from './notifications-service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A running subscription this close to its expiry gets its first reminder... */
export const EXPIRY_REMINDER_WINDOW_MS = 3 * DAY_MS;
/** ...and this close, its last one. */
export const EXPIRY_LAST_REMINDER_MS = 1 * DAY_MS;
/** How often the reminders are looked for (real time; the window follows the app clock). */
export const EXPIRY_REMINDER_INTERVAL_MS = 10 * 60 * 1000;
/**
 * How far back a passed expiry is still announced as `subscription.expired`: a server down
 * for less than this catches up; a first start on an old database does not announce old expiries.
 */
export const EXPIRED_LOOKBACK_MS = 1 * DAY_MS;
/** Subscriptions read and notified per transaction. */
const BATCH = 500;

/** Where a reminder leads: the subscriptions screen with that subscription's "Renovar" open. */
export function renewalPath(subscriptionId: string): string {
  return `/dashboard?renovar=${encodeURIComponent(subscriptionId)}`;
}

export interface ExpiryRemindersDeps extends Pick<AppContext, 'clock' | 'jobLeases'> {
  repository: NotificationsRepository;
  notifications: NotificationsService;
  /** Each reminder written records `subscription.expiring` (its e-mail reacts). */
  events: EventRecorder;
  log: FastifyBaseLogger;
}

/**
 * The periodic "subscription expiring" check (and the `subscription.expired` pass): a running subscription whose expiry is 3 days
 * away or less notifies its owner (bell, and e-mail through `subscription.expiring`), and again
 * once it is 1 day away or less; each once per subscription, expiry and threshold (the dedupe
 * key), so a renewal that moves the expiry and then nears again notifies again. Both link
 * straight to the renewal. `start()` runs it at once and then every
 * EXPIRY_REMINDER_INTERVAL_MS; `runOnce()` runs it now (tests).
 */
export function createExpiryReminders({
  clock,
  jobLeases,
  repository,
  notifications,
  events,
  log,
}: ExpiryRemindersDeps) {
  /** One threshold's due subscriptions, in batches; returns how many were notified. */
  async function remind(
    daysBefore: ReminderThreshold,
    window: { from: number; to: number },
  ): Promise<number> {
    const text = messages.notifications;
    let after: { expiresAt: number; id: string } | null = null;
    let notified = 0;
    for (;;) {
      const due = await repository.expiringWithoutNotice(window, daysBefore, after, BATCH);
      if (due.length === 0) return notified;
      notified += await events.transaction(async (trx) => {
        let written = 0;
        for (const subscription of due) {
          const fresh = await notifications.notify(trx, {
            userId: subscription.user_id,
            kind: 'subscription_expiring',
            title: daysBefore === 1 ? text.expiringTomorrowTitle : text.expiringTitle,
            body: text.expiringBody(
              subscription.product_name,
              formatBrDate(subscription.expires_at),
            ),
            link: renewalPath(subscription.id),
            dedupeKey: expiringDedupeKey(subscription.id, subscription.expires_at, daysBefore),
          });
          // Another process wrote this reminder first: its e-mail is that process's.
          if (!fresh) continue;
          written += 1;
          await events.record(trx, 'subscription.expiring', {
            subscriptionId: subscription.id,
            userId: subscription.user_id,
            productName: subscription.product_name,
            expiresAt: subscription.expires_at,
            daysBefore,
          });
        }
        return written;
      });
      const last = due[due.length - 1];
      if (!last || due.length < BATCH) return notified;
      after = { expiresAt: last.expires_at, id: last.id };
    }
  }

  /**
   * `subscription.expired` for each running subscription whose expiry passed (within the
   * lookback), once per subscription and expiry: the announcement row and the event commit
   * together, and a row already there (a rerun, another process) records nothing.
   */
  async function announceExpired(now: number): Promise<number> {
    const window = { from: now - EXPIRED_LOOKBACK_MS, to: now };
    let after: { expiresAt: number; id: string } | null = null;
    let announced = 0;
    for (;;) {
      const due = await repository.expiredUnannounced(window, after, BATCH);
      if (due.length === 0) return announced;
      announced += await events.transaction(async (trx) => {
        let written = 0;
        for (const subscription of due) {
          const expiresAt = Number(subscription.expires_at);
          if (!(await repository.markExpiryAnnounced(trx, subscription.id, expiresAt, now))) {
            continue;
          }
          written += 1;
          await events.record(trx, 'subscription.expired', {
            subscriptionId: subscription.id,
            userId: subscription.user_id,
            productId: subscription.product_id,
            productName: subscription.product_name,
            expiresAt,
          });
        }
        return written;
      });
      const last = due[due.length - 1];
      if (!last || due.length < BATCH) return announced;
      after = { expiresAt: Number(last.expires_at), id: last.id };
    }
  }

  /**
   * Notifies every due subscription and announces passed expiries; returns how many reminders
   * were written.
   */
  async function check(): Promise<number> {
    const now = clock.now();
    // The last day has its own reminder: the 3-day one is for expiries further than that.
    const lastDay = await remind(1, { from: now, to: now + EXPIRY_LAST_REMINDER_MS });
    const firstReminder = await remind(3, {
      from: now + EXPIRY_LAST_REMINDER_MS,
      to: now + EXPIRY_REMINDER_WINDOW_MS,
    });
    await announceExpired(now);
    return lastDay + firstReminder;
  }

  return createPeriodicJob({
    run: check,
    intervalMs: EXPIRY_REMINDER_INTERVAL_MS,
    // Two runs at once notify once: the dedupe key and the announcement row are unique, and
    // the loser of either records no event.
    lease: { name: 'expiry-reminders', leases: jobLeases },
    onError: (error) => log.error({ err: error }, 'subscription expiry reminders failed'),
  });
}

export type ExpiryReminders = ReturnType<typeof createExpiryReminders>;
