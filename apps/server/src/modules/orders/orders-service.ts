import type {
  CheckoutRequest,
  CheckoutResponse,
  Order,
  OrderReceipt,
  OrdersPage,
  OrdersQuery,
} from '@chaveiro/contract';
import { DEPOSIT_LIMITS, PLAN_DURATION_DAYS, centsToReais, messages } from '@chaveiro/contract';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { ConflictError, NotFoundError, UnprocessableError } from '../../platform/core/errors.js';
import { newId } from '../../platform/core/ids.js';
import { formatBrDate, formatCents } from '../../platform/core/pt-br.js';
import type { Actor } from '../../platform/http/auth.js';
import type { DepositsService } from '../deposits/index.js';
import type { SettingsRepository } from '../settings/index.js';
import type { SubscriptionsService } from '../subscriptions/index.js';
import type { UsersRepository } from '../users/index.js';
import type { OrderFulfilment } from './order-fulfilment.js';
import type { OrderDetailRow, OrdersRepository } from './orders-repository.js';

const text = messages.orders;
const shop = messages.shop;

function iso(epochMs: number | null): string | null {
  return epochMs === null ? null : new Date(epochMs).toISOString();
}

function toOrder(row: OrderDetailRow): Order {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    product_name: row.product_name,
    product_id: row.product_id,
    duration_type: row.duration_type,
    days: row.days,
    price: centsToReais(row.price_cents),
    method: row.method,
    paid_from_balance: centsToReais(row.paid_from_balance_cents),
    deposit:
      row.deposit_id !== null &&
      row.deposit_reference !== null &&
      row.deposit_status !== null &&
      row.deposit_amount_cents !== null &&
      row.deposit_gateway !== null
        ? {
            id: row.deposit_id,
            amount: centsToReais(row.deposit_amount_cents),
            reference: row.deposit_reference,
            status: row.deposit_status,
            gateway: row.deposit_gateway,
            gateway_payment_id: row.deposit_gateway_payment_id,
          }
        : null,
    subscription_id: row.subscription_id,
    failure_reason: row.failure_reason,
    created_at: new Date(row.created_at).toISOString(),
    completed_at: iso(row.completed_at),
  };
}

/** A concurrent checkout of the same plan opened its order first: that one is answered. */
class OpenOrderExists extends Error {
  constructor(
    readonly orderId: string,
    readonly depositId: string,
  ) {
    super(`Order ${orderId} is already open for this plan`);
    this.name = 'OpenOrderExists';
  }
}

export interface OrdersServiceDeps extends Pick<AppContext, 'clock'> {
  orders: OrdersRepository;
  fulfilment: OrderFulfilment;
  subscriptions: Pick<SubscriptionsService, 'findDetail'>;
  users: Pick<UsersRepository, 'findById'>;
  deposits: Pick<DepositsService, 'create' | 'detail'>;
  /** The seller's name on receipts (the PIX beneficiary). */
  settings: Pick<SettingsRepository, 'get'>;
  events: EventRecorder;
}

/** The customer's orders: one-step checkout (balance or PIX), the list and the receipts. */
export function createOrdersService({
  clock,
  orders,
  fulfilment,
  subscriptions,
  users,
  deposits,
  settings,
  events,
}: OrdersServiceDeps) {
  async function own(userId: string, id: string): Promise<OrderDetailRow> {
    const row = await orders.find(id);
    if (!row || row.user_id !== userId) throw new NotFoundError(text.notFound);
    return row;
  }

  return {
    async checkout(actor: Actor, body: CheckoutRequest): Promise<CheckoutResponse> {
      const userId = actor.userId;
      if (body.subscriptionId !== undefined) {
        const sub = await subscriptions.findDetail(body.subscriptionId);
        if (!sub || sub.user_id !== userId) throw new NotFoundError(text.subscriptionNotFound);
        if (sub.product_id !== body.productId) {
          throw new UnprocessableError(text.subscriptionOtherProduct, 'SUBSCRIPTION_OTHER_PRODUCT');
        }
      }
      const kind = body.subscriptionId === undefined ? 'purchase' : 'renewal';

      if (body.payWith === 'balance') {
        const done = await events.transaction((trx) =>
          fulfilment.payFromBalance(trx, actor, {
            productId: body.productId,
            durationType: body.durationType,
            kind,
          }),
        );
        return {
          message: shop.purchased(done.productName, formatBrDate(done.expiry)),
          order: toOrder(await own(userId, done.orderId)),
          balance: centsToReais(done.balanceAfterCents),
          deposit: null,
          instructions: null,
        };
      }

      const { product, priceCents } = await fulfilment.onSale(body.productId, body.durationType);
      const account = await users.findById(userId);
      if (!account) throw new NotFoundError();
      const balanceCents = Number(account.balance_cents);
      // The shortfall; the whole price when asked, or when the balance covers it anyway.
      const pixCents =
        body.pixAmount === 'full' || balanceCents >= priceCents
          ? priceCents
          : priceCents - balanceCents;
      if (pixCents > DEPOSIT_LIMITS.maxReais * 100) {
        throw new UnprocessableError(text.amountTooLarge, 'AMOUNT_TOO_LARGE');
      }
      const intent = {
        userId,
        productId: product.id,
        durationType: body.durationType,
        subscriptionId: body.subscriptionId ?? null,
        priceCents,
        pixCents,
      };
      const reuse = async (openOrderId: string, depositId: string) => {
        const open = await deposits.detail(userId, depositId);
        if (open.instructions === null) return undefined;
        return {
          message: text.awaitingPayment(formatCents(pixCents)),
          order: toOrder(await own(userId, openOrderId)),
          balance: centsToReais(balanceCents),
          deposit: open.deposit,
          instructions: open.instructions,
        };
      };
      // A repeated checkout of the same plan (double click, second tab) reuses the open order:
      // one intent, one charge.
      const open = await orders.findOpen({ ...intent, now: clock.now() });
      if (open) {
        const reused = await reuse(open.id, open.deposit_id);
        if (reused) return reused;
      }
      const orderId = newId();
      const plan = messages.plans[body.durationType];
      let created;
      try {
        created = await deposits.create(userId, pixCents, {
          orderId,
          description: text.depositDescription(product.name, plan),
          attach: async (trx, deposit) => {
            // Still for sale where the order is stored: a product that went down (or off sale)
            // since the check above refuses, and a gateway charge already opened is cancelled.
            await fulfilment.onSale(product.id, body.durationType, trx);
            // Checked again where deposits of this customer take turns (a concurrent click):
            // the loser's transaction stores nothing (a gateway charge is cancelled).
            const raced = await orders.findOpen({ ...intent, now: clock.now() }, trx);
            if (raced) throw new OpenOrderExists(raced.id, raced.deposit_id);
            await orders.insert(
              {
                id: orderId,
                user_id: userId,
                kind,
                product_id: product.id,
                product_name: product.name,
                duration_type: body.durationType,
                days: PLAN_DURATION_DAYS[body.durationType],
                price_cents: priceCents,
                subscription_id: body.subscriptionId ?? null,
                method: 'pix',
                deposit_id: deposit.id,
                paid_from_balance_cents: priceCents - pixCents,
                status: 'awaiting_payment',
                created_at: clock.now(),
              },
              trx,
            );
          },
        });
      } catch (error) {
        if (!(error instanceof OpenOrderExists)) throw error;
        const reused = await reuse(error.orderId, error.depositId);
        if (!reused) throw new ConflictError(messages.errors.conflict);
        return reused;
      }
      return {
        message: text.awaitingPayment(formatCents(pixCents)),
        order: toOrder(await own(userId, orderId)),
        balance: centsToReais(balanceCents),
        deposit: created.deposit,
        instructions: created.instructions,
      };
    },

    /** One own order with seller and buyer (another account's id reads as unknown: 404). */
    async receipt(userId: string, id: string): Promise<OrderReceipt> {
      const [row, seller] = await Promise.all([own(userId, id), settings.get('pix_beneficiary')]);
      return {
        ...toOrder(row),
        seller: seller ?? '',
        buyer: { username: row.username, email: row.email },
      };
    },

    async list(userId: string, query: OrdersQuery): Promise<OrdersPage> {
      const { rows, total } = await orders.pageForUser(
        userId,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return {
        items: rows.map((row) => ({
          id: row.id,
          type: row.type,
          product_name: row.product_name,
          duration_type: row.duration_type,
          amount: centsToReais(row.amount_cents),
          method: row.method,
          status: row.status,
          created_at: new Date(row.created_at).toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
