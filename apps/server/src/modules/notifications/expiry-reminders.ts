import { messages } from '@chaveiro/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { withTransaction } from '../../platform/database.js';
import { formatBrDate } from '../../platform/pt-br.js';
import type { NotificationsRepository } from './notifications-repository.js';
import { expiringDedupeKey } from './notifications-repository.js';
import type { NotificationsService } from './notifications-service.js';

/** A running subscription this close to its expiry gets a reminder. */
export const EXPIRY_REMINDER_WINDOW_MS = 3 * 24 * 60 * 60 * 1000;
/** How often the reminders are looked for (real time; the window follows the app clock). */
export const EXPIRY_REMINDER_INTERVAL_MS = 10 * 60 * 1000;
/** Subscriptions read and notified per transaction. */
const BATCH = 500;

export interface ExpiryRemindersDeps extends Pick<AppContext, 'db' | 'clock'> {
  repository: NotificationsRepository;
  notifications: NotificationsService;
  log: FastifyBaseLogger;
}

/**
 * The periodic "subscription expiring" check: every running subscription whose expiry falls
 * within the next 3 days notifies its owner once per subscription and expiry (the dedupe key),
 * so a renewal that moves the expiry and then nears again notifies again. `start()` runs it at
 * once and then every EXPIRY_REMINDER_INTERVAL_MS; `runOnce()` runs it now (tests).
 */
export function createExpiryReminders({
  db,
  clock,
  repository,
  notifications,
  log,
}: ExpiryRemindersDeps) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  /** Notifies every due subscription; returns how many were notified. */
  async function check(): Promise<number> {
    const now = clock.now();
    const window = { from: now, to: now + EXPIRY_REMINDER_WINDOW_MS };
    let after: { expiresAt: number; id: string } | null = null;
    let notified = 0;
    for (;;) {
      const due = await repository.expiringWithoutNotice(window, after, BATCH);
      if (due.length === 0) return notified;
      await withTransaction(db, async (trx) => {
        for (const subscription of due) {
          await notifications.notify(trx, {
            userId: subscription.user_id,
            kind: 'subscription_expiring',
            title: messages.notifications.expiringTitle,
            body: messages.notifications.expiringBody(
              subscription.product_name,
              formatBrDate(subscription.expires_at),
            ),
            link: '/dashboard',
            dedupeKey: expiringDedupeKey(subscription.id, subscription.expires_at),
          });
        }
      });
      notified += due.length;
      const last = due[due.length - 1];
      if (!last || due.length < BATCH) return notified;
      after = { expiresAt: last.expires_at, id: last.id };
    }
  }

  /** One check at a time: a call during one waits for it, then checks again. */
  async function runOnce(): Promise<number> {
    while (running) await running.catch(() => undefined);
    running = check().finally(() => {
      running = undefined;
    });
    return running;
  }

  function runInBackground(): void {
    runOnce().catch((error: unknown) => {
      log.error({ err: error }, 'subscription expiry reminders failed');
    });
  }

  return {
    runOnce,
    start(): void {
      if (timer) return;
      runInBackground();
      timer = setInterval(runInBackground, EXPIRY_REMINDER_INTERVAL_MS);
      timer.unref();
    },
    /** Stops the timer and waits for a check in progress (app close, before the pool ends). */
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

export type ExpiryReminders = ReturnType<typeof createExpiryReminders>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic expiry check, decorated by buildApp so tests can run it at will. */
    expiryReminders: ExpiryReminders;
  }
}
