import { messages } from '@chaveiro/contract';
import type { AnyEventHandler } from '../../events/index.js';
import { defineHandler } from '../../events/index.js';
import type { AppContext } from '../../platform/core/context.js';
import { escapeHtml, mailLayout } from '../../platform/mail/mail-layout.js';
import { formatBrDate, formatCents } from '../../platform/core/pt-br.js';
import type { UsersRepository } from '../users/index.js';
import type { Notify } from './bell-notice.js';
import { bellNotice } from './bell-notice.js';
import { renewalPath } from './expiry-reminders.js';

const text = messages.orders;
const ORDERS_PATH = '/dashboard/orders';
const SUBSCRIPTIONS_PATH = '/dashboard';

type MailDeps = Pick<AppContext, 'config' | 'mailer'> & {
  users: Pick<UsersRepository, 'findById'>;
};

/**
 * The customer's "Compra concluída" on `purchase.completed` (bell exactly once, e-mail at least
 * once, to the address the account has when it is sent), and "Compra não concluída" on
 * `order.failed`: whether or not the buyer is still on the page.
 */
export function createPurchaseNotices(
  ctx: MailDeps & { notifications: Notify },
): AnyEventHandler[] {
  const { notifications, users } = ctx;
  const url = (path: string) => `${ctx.config.publicUrl}${path}`;
  return [
    bellNotice(notifications, {
      name: 'notifications.purchase-completed',
      on: 'purchase.completed',
      notice: (payload) => ({
        userId: payload.userId,
        kind: 'purchase_completed',
        title: text.notifyCompletedTitle,
        body: text.notifyCompletedBody(
          payload.productName ?? '',
          messages.plans[payload.durationType],
          formatBrDate(payload.expiresAt ?? 0),
        ),
        link: payload.orderId ? `${ORDERS_PATH}/${payload.orderId}` : SUBSCRIPTIONS_PATH,
        dedupeKey: payload.orderId ? `order:${payload.orderId}` : null,
      }),
    }),
    defineHandler({
      name: 'notifications.purchase-completed-mail', // Stored with each delivery: never rename.
      on: 'purchase.completed',
      async deliver({ payload }) {
        const buyer = await users.findById(payload.userId);
        if (!buyer?.email || payload.productName === undefined || payload.expiresAt === undefined) {
          return;
        }
        const intro = text.mailCompletedIntro(
          payload.productName,
          messages.plans[payload.durationType],
          formatCents(payload.amountCents),
          formatBrDate(payload.expiresAt),
        );
        const link = url(SUBSCRIPTIONS_PATH);
        const receipt = payload.orderId ? url(`${ORDERS_PATH}/${payload.orderId}`) : null;
        await ctx.mailer.send({
          to: buyer.email,
          subject: text.mailCompletedSubject(payload.productName),
          text: [
            text.mailGreeting(buyer.username),
            '',
            intro,
            '',
            `${text.mailCompletedAction}: ${link}`,
            ...(receipt ? [`${text.mailReceipt}: ${receipt}`] : []),
          ].join('\n'),
          html: mailLayout(
            escapeHtml(text.mailGreeting(buyer.username)),
            escapeHtml(intro),
            text.mailCompletedAction,
            link,
            text.mailFooter,
            receipt ? { label: text.mailReceipt, link: receipt } : undefined,
          ),
        });
      },
    }),
    bellNotice(notifications, {
      name: 'notifications.order-failed',
      on: 'order.failed',
      notice: (payload) => ({
        userId: payload.userId,
        kind: 'order_failed',
        title: text.notifyFailedTitle,
        body: text.notifyFailedBody(payload.productName, payload.reason),
        link: `${ORDERS_PATH}/${payload.orderId}`,
        dedupeKey: `order:${payload.orderId}`,
      }),
    }),
    defineHandler({
      name: 'notifications.order-failed-mail', // Stored with each delivery: never rename.
      on: 'order.failed',
      async deliver({ payload }) {
        const buyer = await users.findById(payload.userId);
        if (!buyer?.email) return;
        const intro = text.mailFailedIntro(payload.productName, payload.reason);
        const link = url(`${ORDERS_PATH}/${payload.orderId}`);
        await ctx.mailer.send({
          to: buyer.email,
          subject: text.mailFailedSubject(payload.productName),
          text: [text.mailGreeting(buyer.username), '', intro, '', link].join('\n'),
          html: mailLayout(
            escapeHtml(text.mailGreeting(buyer.username)),
            escapeHtml(intro),
            text.mailFailedAction,
            link,
            text.mailFooter,
          ),
        });
      },
    }),
  ];
}

/** The e-mail of each expiry reminder (`subscription.expiring`), linking to its renewal. */
export function createExpiryMail(ctx: MailDeps): AnyEventHandler[] {
  const notices = messages.notifications;
  return [
    defineHandler({
      name: 'notifications.expiring-mail', // Stored with each delivery: never rename.
      on: 'subscription.expiring',
      async deliver({ payload }) {
        const owner = await ctx.users.findById(payload.userId);
        if (!owner?.email) return;
        const body = notices.expiringBody(payload.productName, formatBrDate(payload.expiresAt));
        const link = `${ctx.config.publicUrl}${renewalPath(payload.subscriptionId)}`;
        await ctx.mailer.send({
          to: owner.email,
          subject: notices.expiringMailSubject(payload.productName),
          text: [text.mailGreeting(owner.username), '', body, '', link].join('\n'),
          html: mailLayout(
            escapeHtml(text.mailGreeting(owner.username)),
            escapeHtml(body),
            notices.expiringMailAction,
            link,
            notices.expiringMailFooter,
          ),
        });
      },
    }),
  ];
}
