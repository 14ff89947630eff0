import { messages } from '@chaveiro/contract';
import { formatCents } from '../../platform/core/pt-br.js';
import type { Notify } from './bell-notice.js';
import { bellNotice } from './bell-notice.js';

/** Characters of a staff answer quoted in the "ticket answered" notification. */
const TICKET_PREVIEW_CHARS = 100;

/**
 * On `deposit.paid` (manual approval or the gateway's confirmation): the customer's "Depósito
 * aprovado" line, once per deposit. The stored name predates the event's rename; kept stable.
 */
export function createDepositApprovedNotice({ notifications }: { notifications: Notify }) {
  const text = messages.deposits;
  return bellNotice(notifications, {
    name: 'notifications.deposit-approved',
    on: 'deposit.paid',
    notice: (payload) => ({
      userId: payload.userId,
      kind: 'deposit_approved',
      title: text.notifyApprovedTitle,
      body: text.notifyApprovedBody(formatCents(payload.amountCents), payload.reference),
      link: '/dashboard',
      dedupeKey: `deposit:${payload.depositId}`,
    }),
  });
}

/** On `deposit.rejected`: the customer's "Depósito recusado" line with the reason, once. */
export function createDepositRejectedNotice({ notifications }: { notifications: Notify }) {
  const text = messages.deposits;
  return bellNotice(notifications, {
    name: 'notifications.deposit-rejected',
    on: 'deposit.rejected',
    notice: (payload) => ({
      userId: payload.userId,
      kind: 'deposit_rejected',
      title: text.notifyRejectedTitle,
      body: text.notifyRejectedBody(
        formatCents(payload.amountCents),
        payload.reference,
        payload.reason,
      ),
      link: '/dashboard',
      dedupeKey: `deposit:${payload.depositId}`,
    }),
  });
}

/** On `ticket.replied` by staff: tells the ticket's owner, quoting the start of the answer. */
export function createTicketAnsweredNotice({ notifications }: { notifications: Notify }) {
  const text = messages.support;
  return bellNotice(notifications, {
    name: 'notifications.ticket-answered',
    on: 'ticket.replied',
    notice: (payload) =>
      payload.fromStaff
        ? {
            userId: payload.userId,
            kind: 'ticket_answered',
            title: text.notifyAnsweredTitle,
            body: text.notifyAnsweredBody(
              payload.subject,
              shorten(payload.message, TICKET_PREVIEW_CHARS),
            ),
            link: `/dashboard/support?ticket=${encodeURIComponent(payload.ticketId)}`,
          }
        : undefined,
  });
}

function shorten(body: string, max: number): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}
