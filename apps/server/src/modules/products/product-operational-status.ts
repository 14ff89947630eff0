import type {
  ProductOperationalResponse,
  ProductOperationalStatus,
  ProductStatusHistory,
  productOperationalBodySchema,
} from '@chaveiro/contract';
import {
  PRODUCT_OPERATIONAL_LABELS,
  messages,
  formatDuration,
  productStatusMessages,
  timeFreezes,
} from '@chaveiro/contract';
import type { z } from 'zod';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { NotFoundError } from '../../platform/core/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import type { ActivityService } from '../activity/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { ProductStatusPeriodsRepository } from './product-status-periods-repository.js';
import type { ProductsRepository } from './products-repository.js';

const text = productStatusMessages;
const HISTORY_LIMIT = 200;

export type ProductOperationalChange = z.output<typeof productOperationalBodySchema>;

export interface ProductOperationalStatusDeps extends Pick<AppContext, 'clock'> {
  products: ProductsRepository;
  periods: ProductStatusPeriodsRepository;
  subscriptions: Pick<SubscriptionsService, 'applyProductFreeze'>;
  events: EventRecorder;
  activity: Pick<ActivityService, 'record'>;
  /** The product as the console shows it, read after the change. */
  productView: (id: string) => Promise<ProductOperationalResponse['product']>;
}

/**
 * A product's operational status (Operacional / Em atualização / Indisponível) and what it does
 * to its customers' time: one change is one transaction that stores the status, opens its
 * period on the timeline, freezes or gives back every subscription's time in one statement,
 * writes the audit line and records `product.status_changed` (bell, mail, webhooks, analytics
 * and the status page follow it).
 */
export function createProductOperationalStatus({
  clock,
  products,
  periods,
  subscriptions,
  events,
  activity,
  productView,
}: ProductOperationalStatusDeps) {
  return {
    async change(
      productId: string,
      change: ProductOperationalChange,
      actor: Actor,
    ): Promise<ProductOperationalResponse> {
      const outcome = await events.transaction(async (trx) => {
        const row = await products.lockOperational(productId, trx);
        if (!row) throw new NotFoundError(messages.admin.productNotFound);
        const now = clock.now();
        const before = {
          status: row.operational_status,
          note: row.status_note,
          freezeTime: Number(row.freeze_time) === 1,
          sellWhileDown: Number(row.sell_while_down) === 1,
        };
        const after = {
          status: change.status,
          note: change.note,
          freezeTime: change.freezeTime ?? before.freezeTime,
          sellWhileDown: change.sellWhileDown ?? before.sellWhileDown,
        };
        const statusChanged = before.status !== after.status;
        const freezeChanged = timeFreezes(before) !== timeFreezes(after);
        const told = statusChanged || freezeChanged || before.note !== after.note;
        if (
          !told &&
          before.sellWhileDown === after.sellWhileDown &&
          before.freezeTime === after.freezeTime
        ) {
          return { changed: false, subscriptionsAffected: 0, givenBackMs: 0 };
        }

        const clocks = freezeChanged
          ? await subscriptions.applyProductFreeze(trx, productId, timeFreezes(after), now)
          : { subscriptionsAffected: 0, givenBackMs: 0 };
        const since = statusChanged ? now : Number(row.status_since);
        await products.setOperational(productId, { ...after, since }, now, trx);
        if (statusChanged || freezeChanged) {
          await periods.closeCurrent(productId, now, timeFreezes(after) ? null : clocks, trx);
          await periods.open(
            {
              productId,
              ...after,
              startedAt: now,
              changedBy: { userId: actor.userId, username: actor.username },
              reason: change.reason ?? after.note,
              subscriptionsAffected:
                timeFreezes(after) && freezeChanged ? clocks.subscriptionsAffected : 0,
            },
            trx,
          );
        } else if (before.note !== after.note) {
          await periods.renoteCurrent(productId, after.note, change.reason ?? after.note, trx);
        }
        if (told) {
          await events.record(trx, 'product.status_changed', {
            productId,
            productName: row.name,
            status: after.status,
            previousStatus: before.status,
            note: after.note,
            timeFrozen: timeFreezes(after),
            previousTimeFrozen: timeFreezes(before),
            since: now,
            subscriptionsAffected: clocks.subscriptionsAffected,
            givenBackMs: clocks.givenBackMs,
            changedBy: actor.username,
            reason: change.reason,
          });
        }
        await activity.record(trx, actor, {
          type: 'product.operational_changed',
          action: text.logChanged(
            row.name,
            PRODUCT_OPERATIONAL_LABELS[before.status],
            PRODUCT_OPERATIONAL_LABELS[after.status],
            change.reason ?? after.note,
          ),
          target: `product:${productId}`,
        });
        return { changed: true, ...clocks, frozeNow: freezeChanged && timeFreezes(after) };
      });
      const product = await productView(productId);
      return {
        message: outcome.changed ? messageOf(change.status, outcome) : text.unchanged,
        product,
        subscriptionsAffected: outcome.subscriptionsAffected,
        givenBackMs: outcome.givenBackMs,
      };
    },

    /** The product's timeline of statuses, newest first; 404 for an unknown product. */
    async history(productId: string): Promise<ProductStatusHistory> {
      const now = clock.now();
      const rows = await periods.history(productId, HISTORY_LIMIT);
      if (rows.length === 0 && !(await products.find(productId))) {
        throw new NotFoundError(messages.admin.productNotFound);
      }
      return {
        items: rows.map((row) => {
          const started = Number(row.started_at);
          const ended = row.ended_at === null ? null : Number(row.ended_at);
          return {
            id: row.id,
            status: row.status,
            note: row.note,
            freezeTime: Number(row.freeze_time) === 1,
            startedAt: new Date(started).toISOString(),
            endedAt: ended === null ? null : new Date(ended).toISOString(),
            durationMs: Math.max(0, (ended ?? now) - started),
            changedBy: row.changed_by_name,
            reason: row.reason,
            subscriptionsAffected: Number(row.subscriptions_affected),
            givenBackMs: Number(row.given_back_ms),
          };
        }),
      };
    },
  };
}

function messageOf(
  status: ProductOperationalStatus,
  outcome: { subscriptionsAffected: number; givenBackMs: number; frozeNow?: boolean },
): string {
  const changed = text.changed(PRODUCT_OPERATIONAL_LABELS[status]);
  if (outcome.frozeNow) return `${changed} ${text.frozen(outcome.subscriptionsAffected)}`;
  if (outcome.givenBackMs > 0) {
    return `${changed} ${text.givenBack(outcome.subscriptionsAffected, formatDuration(outcome.givenBackMs))}`;
  }
  return changed;
}

export type ProductOperationalStatusService = ReturnType<typeof createProductOperationalStatus>;
