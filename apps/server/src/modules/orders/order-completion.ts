import { messages } from '@chaveiro/contract';
import type { AnyEventHandler } from '../../events/index.js';
import { defineHandler } from '../../events/index.js';
import type { EventRecorder } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import type { ActivityService } from '../activity/index.js';
import type { OrderFulfilment } from './order-fulfilment.js';
import type { OrdersRepository } from './orders-repository.js';

export interface OrderCompletionDeps extends Pick<AppContext, 'clock'> {
  orders: OrdersRepository;
  fulfilment: OrderFulfilment;
  activity: ActivityService;
  events: Pick<EventRecorder, 'record'>;
}

/**
 * An order paid by PIX completes by itself when its deposit is credited (`deposit.paid` with
 * its orderId), whoever credited it and whether or not the customer is still on the page: in
 * the handler's exactly-once transaction the price is debited, the subscription created or
 * extended, the order completed and `purchase.completed` recorded (the bell and the e-mail
 * react). When it cannot complete (product off sale, plan gone, balance spent meanwhile) the
 * order fails with the reason, the money stays on the balance and `order.failed` tells the
 * customer. A deposit refused, or a charge that closed unpaid, cancels its order.
 */
export function createOrderCompletion({
  clock,
  orders,
  fulfilment,
  activity,
  events,
}: OrderCompletionDeps): AnyEventHandler[] {
  const text = messages.orders;
  return [
    defineHandler({
      name: 'orders.complete-on-deposit-paid', // Stored with each delivery: never rename.
      on: 'deposit.paid',
      async handle({ payload }, trx) {
        if (payload.orderId === null) return;
        const order = await orders.find(payload.orderId, trx);
        if (!order || order.status !== 'awaiting_payment') return;
        const result = await fulfilment.completePaid(trx, {
          ...order,
          reference: payload.reference,
        });
        if (result.ok) return;
        await orders.settle(
          order.id,
          { status: 'failed', reason: result.reason, at: clock.now() },
          trx,
        );
        await events.record(trx, 'order.failed', {
          orderId: order.id,
          userId: order.user_id,
          productName: order.product_name,
          reason: result.reason,
        });
        await activity.record(
          trx,
          { userId: order.user_id, username: order.username, ip: null },
          {
            type: 'order.failed',
            action: text.logFailed(order.username, order.product_name, result.reason),
            target: `user:${order.user_id}`,
          },
        );
      },
    }),
    defineHandler({
      name: 'orders.cancel-on-deposit-rejected', // Stored with each delivery: never rename.
      on: 'deposit.rejected',
      async handle({ payload }, trx) {
        const order = await orders.findByDeposit(payload.depositId, trx);
        if (!order || order.status !== 'awaiting_payment') return;
        await orders.settle(
          order.id,
          {
            status: 'cancelled',
            reason: text.cancelledDepositRejected(payload.reason),
            at: clock.now(),
          },
          trx,
        );
      },
    }),
    defineHandler({
      name: 'orders.cancel-on-deposit-closed', // Stored with each delivery: never rename.
      on: 'deposit.closed',
      async handle({ payload }, trx) {
        if (payload.orderId === null) return;
        const order = await orders.findByDeposit(payload.depositId, trx);
        if (!order || order.status !== 'awaiting_payment') return;
        await orders.settle(
          order.id,
          {
            status: 'cancelled',
            reason:
              payload.status === 'expired'
                ? text.cancelledChargeExpired
                : text.cancelledChargeClosed,
            at: clock.now(),
          },
          trx,
        );
      },
    }),
  ];
}
